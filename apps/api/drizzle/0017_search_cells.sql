-- hand-written (issue #21, docs/decisions/043): search by cells of a quarter of a degree.
-- Each index holds the active products by (cell, order key) with what a search filters on, so that a
-- search reads the first rows of its order in each cell it touches (services/catalog/search-cells.ts,
-- whose expressions are these, word for word) instead of ranking every product inside its area.
CREATE INDEX IF NOT EXISTS "products_cell_relevance_idx" ON "products" USING btree (
  ((floor(latitude * 4)::int + 360) * 2000 + floor(longitude * 4)::int + 720),
  (weekly_audience::float8 / greatest(daily_price, 1)) DESC
) INCLUDE (id, latitude, longitude, type, daily_price, weekly_audience) WHERE status = 'ativo';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_cell_price_idx" ON "products" USING btree (
  ((floor(latitude * 4)::int + 360) * 2000 + floor(longitude * 4)::int + 720),
  daily_price
) INCLUDE (id, latitude, longitude, type, weekly_audience) WHERE status = 'ativo';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_cell_audience_idx" ON "products" USING btree (
  ((floor(latitude * 4)::int + 360) * 2000 + floor(longitude * 4)::int + 720),
  weekly_audience DESC
) INCLUDE (id, latitude, longitude, type, daily_price) WHERE status = 'ativo';
