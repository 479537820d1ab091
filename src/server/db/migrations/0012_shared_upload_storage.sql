CREATE TABLE "upload_variants" (
	"upload_id" text NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "upload_variants_upload_id_width_pk" PRIMARY KEY("upload_id","width")
);
--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;