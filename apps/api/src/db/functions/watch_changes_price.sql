CREATE FUNCTION watch_changes_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.daily_price < OLD.daily_price
     AND EXISTS (SELECT 1 FROM place_watches w WHERE w.product_id = NEW.id) THEN
    INSERT INTO watch_changes (product_id, kind, change_key, detail)
    VALUES (NEW.id, 'preco_baixou',
      'preco_baixou:' || OLD.daily_price || '>' || NEW.daily_price || ':' || txid_current(),
      jsonb_build_object('from', OLD.daily_price, 'to', NEW.daily_price))
    ON CONFLICT (product_id, change_key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
