-- Files to remove from storage, queued in the transaction that removed the rows pointing at them
-- (issue #39 item 2): a kill after the commit leaves the queue, and the worker empties it.
CREATE TABLE "pending_file_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
