CREATE OR REPLACE FUNCTION plays_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'plays is append-only' USING ERRCODE = 'restrict_violation';
END
$$;
