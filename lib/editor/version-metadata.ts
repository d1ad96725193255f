/**
 * The metadata every stored version has beside its id, owner and snapshot, for agent and saved MCP
 * client versions alike: written into a new row and parsed back from one (rows hold
 * `changedFields` as JSON text).
 */
export interface VersionMetadata {
  versionNumber: number;
  /** The snapshot format the row was written with. */
  schemaVersion: number;
  configHash: string;
  changedFields: string[];
  changeMessage: string | null;
  authorId: string | null;
  createdAt: string;
}

export type VersionMetadataColumns = Omit<VersionMetadata, 'changedFields'> & { changedFields: string };

export function toVersionMetadataColumns(metadata: VersionMetadata): VersionMetadataColumns {
  return { ...metadata, changedFields: JSON.stringify(metadata.changedFields) };
}

export function parseVersionMetadata(row: VersionMetadataColumns): VersionMetadata {
  return {
    versionNumber: row.versionNumber,
    schemaVersion: row.schemaVersion,
    configHash: row.configHash,
    changedFields: JSON.parse(row.changedFields) as string[],
    changeMessage: row.changeMessage,
    authorId: row.authorId,
    createdAt: row.createdAt,
  };
}
