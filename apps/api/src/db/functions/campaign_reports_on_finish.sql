CREATE FUNCTION campaign_reports_on_finish() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'concluido' AND OLD.status <> 'concluido' THEN
    INSERT INTO campaign_reports (order_id) VALUES (NEW.id) ON CONFLICT (order_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
