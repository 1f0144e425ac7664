CREATE TABLE "api_node" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"ip" text,
	"instance" text NOT NULL,
	"pid" integer NOT NULL,
	"node_version" text DEFAULT '' NOT NULL,
	"cpu_count" integer NOT NULL,
	"cpu_usage" real,
	"memory_usage" real,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_heartbeat" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "judge_server" ADD COLUMN "cpu_usage" real;--> statement-breakpoint
ALTER TABLE "judge_server" ADD COLUMN "memory_usage" real;--> statement-breakpoint
CREATE UNIQUE INDEX "api_node_host_port_idx" ON "api_node" USING btree ("host","port");