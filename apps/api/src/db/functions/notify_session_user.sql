CREATE FUNCTION notify_session_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('urbana_sessoes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('urbana_sessoes', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
