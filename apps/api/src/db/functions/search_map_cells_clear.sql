CREATE FUNCTION search_map_cells_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_map_cells;
  RETURN NULL;
END $$;
