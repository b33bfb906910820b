CREATE TABLE "api_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"ms" real NOT NULL,
	"order_id" uuid
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"shop_id" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_keys_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "api_keys_scopes" CHECK (cardinality("api_keys"."scopes") > 0 and "api_keys"."scopes" <@ array['catalog:read', 'orders:book', 'orders:read', 'orders:manage']::text[]),
	CONSTRAINT "api_keys_secret_hash" CHECK ("api_keys"."secret_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "api_keys_name" CHECK (char_length("api_keys"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "calendar_feeds_token_hash" CHECK ("calendar_feeds"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"event_id" bigint NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status" smallint,
	"last_response" text,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status" CHECK ("webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"events" text[] NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_events" CHECK (cardinality("webhook_endpoints"."events") > 0 and "webhook_endpoints"."events" <@ array['order.created', 'order.paid', 'order.cancelled', 'order.picked_up', 'order.returned', 'order.refunded']::text[]),
	CONSTRAINT "webhook_endpoints_url" CHECK ("webhook_endpoints"."url" ~ '^https?://' and char_length("webhook_endpoints"."url") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_source";--> statement-breakpoint
ALTER TABLE "api_calls" ADD CONSTRAINT "api_calls_key_id_api_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_calls_key_at_idx" ON "api_calls" USING btree ("key_id","at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_idx" ON "webhook_deliveries" USING btree ("endpoint_id","event_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","order_id","event_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source" CHECK ("orders"."source" in ('online', 'counter', 'api'));--> statement-breakpoint
-- Order events (decision 050): every insert and status change of an order, whichever code path made it, in
-- the same transaction, and one delivery for each active endpoint that subscribed to the event.
CREATE FUNCTION "record_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_types text[];
  event_type text;
  event_row bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    event_types := ARRAY['order.created'];
    IF NEW.status IN ('paid', 'picked_up', 'returned', 'cancelled', 'refunded') THEN
      event_types := event_types || ('order.' || NEW.status::text);
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('paid', 'picked_up', 'returned', 'cancelled', 'refunded') THEN
    event_types := ARRAY['order.' || NEW.status::text];
  ELSE
    RETURN NULL;
  END IF;
  FOREACH event_type IN ARRAY event_types LOOP
    INSERT INTO "order_events" ("order_id", "type", "data")
    VALUES (NEW.id, event_type, jsonb_build_object(
      'id', NEW.number,
      'status', NEW.status,
      'storefront', NEW.app_id,
      'branchId', NEW.shop_id,
      'source', NEW.source,
      'language', NEW.language,
      'pickupAt', NEW.pickup_at,
      'returnAt', NEW.return_at,
      'currency', NEW.currency,
      'totalCents', NEW.total_cents,
      'name', NEW.invoice_name,
      'email', NEW.email,
      'createdAt', NEW.created_at,
      'paidAt', NEW.paid_at,
      'pickedUpAt', NEW.picked_up_at,
      'returnedAt', NEW.returned_at,
      'cancelledAt', NEW.cancelled_at
    ))
    RETURNING "id" INTO event_row;
    INSERT INTO "webhook_deliveries" ("endpoint_id", "event_id", "order_id")
    SELECT e."id", event_row, NEW.id FROM "webhook_endpoints" e WHERE e."active" AND event_type = ANY (e."events");
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_record_event" AFTER INSERT OR UPDATE OF "status" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "record_order_event"();
