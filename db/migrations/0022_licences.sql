CREATE TABLE "licence" (
	"code" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"account_id" integer,
	"guest_id" text,
	"template_id" integer,
	"template_slug_en" text NOT NULL,
	"template_slug_es" text NOT NULL,
	"template_title_en" text NOT NULL,
	"template_title_es" text NOT NULL,
	"color_name_en" text,
	"color_name_es" text,
	"format" text NOT NULL,
	"kind" "download_license" NOT NULL,
	"licensee_name" text,
	"licensee_gone" boolean DEFAULT false NOT NULL,
	"project" text,
	"period" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence" ADD CONSTRAINT "licence_account_id_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence" ADD CONSTRAINT "licence_template_id_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_grant_idx" ON "licence" USING btree ("subject","period","template_id","kind");--> statement-breakpoint
CREATE INDEX "licence_account_idx" ON "licence" USING btree ("account_id","granted_at");--> statement-breakpoint
-- Every grant made before licences existed gets its licence: the first download of each grant (subject,
-- period, template, kind), with the template's titles and the variant as they are now, and the account's
-- present name. Codes: 20 Crockford base-32 characters, each from the low 5 bits of a random byte of two
-- version-4 UUIDs (the version and variant bytes skipped), so 100 random bits as the service makes them.
INSERT INTO "licence" ("code", "subject", "account_id", "guest_id", "template_id", "template_slug_en", "template_slug_es",
  "template_title_en", "template_title_es", "color_name_en", "color_name_es", "format", "kind", "licensee_name",
  "licensee_gone", "period", "granted_at")
SELECT
  (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (get_byte(r.b, r.i) % 32) + 1, 1), '' ORDER BY r.i)
     FROM (SELECT u.b, i FROM (SELECT uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS b WHERE d.id IS NOT NULL) u,
             generate_series(0, 31) AS i
           WHERE i NOT IN (6, 8, 22, 24) ORDER BY i LIMIT 20) r),
  d.subject, d.account_id, d.fingerprint, d.template_id, en.slug, coalesce(es.slug, en.slug), en.title, coalesce(es.title, en.title),
  c.name_en, c.name_es, d.format, d.license,
  CASE WHEN a.id IS NULL OR a.deleted_at IS NOT NULL THEN NULL ELSE coalesce(nullif(a.name, ''), a.username) END,
  coalesce(a.deleted_at IS NOT NULL, false), d.period, d.created_at
FROM (
  SELECT DISTINCT ON (s.subject, dl.period, dl.template_id, dl.license) s.subject, dl.*
  FROM "download" dl
  CROSS JOIN LATERAL (SELECT CASE WHEN dl.account_id IS NOT NULL THEN 'a:' || dl.account_id ELSE 'g:' || dl.fingerprint END AS subject) s
  WHERE dl.account_id IS NOT NULL OR dl.fingerprint IS NOT NULL
  ORDER BY s.subject, dl.period, dl.template_id, dl.license, dl.created_at, dl.id
) d
JOIN "template_translation" en ON en.template_id = d.template_id AND en.locale = 'en'
LEFT JOIN "template_translation" es ON es.template_id = d.template_id AND es.locale = 'es'
LEFT JOIN "template_color" tc ON tc.id = d.template_color_id
LEFT JOIN "color" c ON c.id = tc.color_id
LEFT JOIN "account" a ON a.id = d.account_id
ON CONFLICT DO NOTHING;
