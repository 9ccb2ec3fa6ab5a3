CREATE FUNCTION "towers_sync_slots"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "tower_slots" ("tower_id", "slot")
    SELECT NEW."id", g FROM generate_series(1, NEW."slots") AS g
    ON CONFLICT DO NOTHING;
  -- Fewer slots: drop the extra ones (refused by the foreign key while any is booked).
  DELETE FROM "tower_slots" WHERE "tower_id" = NEW."id" AND "slot" > NEW."slots";
  RETURN NEW;
END $$;
