/** What the signed-in person's role lets them do in the editor (app/_server/principal.ts decides). */
export interface Permissions {
  /** Save, publish, restore, label and delete agents; save MCP clients with HTTP servers. */
  edit: boolean;
  /** Stdio MCP servers, integrations, settings, users and API keys. */
  administer: boolean;
  /** Runs that spend model or tool calls (Send in the playground, Run tool). */
  run: boolean;
}
