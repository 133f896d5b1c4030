-- Character bigrams of the words of a text (lower case; runs of letters, digits and CJK characters): the keyword
-- search of the question bank narrows on them through a GIN index before its ILIKE.
CREATE OR REPLACE FUNCTION question_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(w, i, 2)), '{}')
  FROM regexp_split_to_table(lower(t), '[^[:alnum:]\u4e00-\u9fff]+') w, generate_series(1, length(w) - 1) i
  WHERE length(w) > 1
$$;--> statement-breakpoint
DROP INDEX "questions_site_status";--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search_grams" text[] GENERATED ALWAYS AS (question_grams(stem_text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "questions_site_filters" ON "questions" USING btree ("site_id","review_status","type","difficulty","category_id");--> statement-breakpoint
CREATE INDEX "questions_search_grams" ON "questions" USING gin ("search_grams");--> statement-breakpoint
CREATE INDEX "questions_site_updated" ON "questions" USING btree ("site_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);