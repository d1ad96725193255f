CREATE TABLE `mcp_tool_listings` (
	`client_id` text NOT NULL,
	`server_name` text NOT NULL,
	`client_version_id` text NOT NULL,
	`tools` text NOT NULL,
	`listed_at` text NOT NULL,
	PRIMARY KEY(`client_id`, `server_name`)
);
