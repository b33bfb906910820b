CREATE TABLE "offer_pictures" (
	"offer" text PRIMARY KEY NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;