CREATE TYPE "public"."age_band" AS ENUM('child', 'youth', 'adult');--> statement-breakpoint
CREATE TABLE "package_items" (
	"package_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"rank" smallint DEFAULT 0 NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "package_items_package_id_item_id_pk" PRIMARY KEY("package_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"app_id" "app_id" NOT NULL,
	"level" "skill" NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"day_prices" jsonb NOT NULL,
	"extra_day_cents" integer NOT NULL,
	"child_day_prices" jsonb NOT NULL,
	"child_extra_day_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_slug_unique" UNIQUE("slug"),
	CONSTRAINT "packages_extra_day" CHECK ("packages"."extra_day_cents" >= 0 and "packages"."child_extra_day_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "cart_persons" ADD COLUMN "age_band" "age_band";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "package_name" text;--> statement-breakpoint
ALTER TABLE "order_persons" ADD COLUMN "age_band" "age_band";--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_items" ADD CONSTRAINT "package_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_app_idx" ON "packages" USING btree ("app_id");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;