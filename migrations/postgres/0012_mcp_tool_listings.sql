CREATE TABLE "mcp_tool_listings" (
	"client_id" text NOT NULL,
	"server_name" text NOT NULL,
	"client_version_id" text NOT NULL,
	"tools" text NOT NULL,
	"listed_at" text NOT NULL,
	CONSTRAINT "mcp_tool_listings_client_id_server_name_pk" PRIMARY KEY("client_id","server_name")
);
