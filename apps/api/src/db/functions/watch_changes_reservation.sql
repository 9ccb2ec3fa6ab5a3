CREATE FUNCTION watch_changes_reservation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'liberada' AND OLD.status <> 'liberada'
     AND EXISTS (SELECT 1 FROM place_watches w WHERE w.product_id = NEW.product_id) THEN
    INSERT INTO watch_changes (product_id, kind, change_key, detail)
    VALUES (NEW.product_id, 'semana_livre',
      'semana_livre:' || coalesce(NEW.order_item_id, NEW.hold_id, NEW.id) || ':' || NEW.starts_on,
      jsonb_build_object('starts_on', NEW.starts_on, 'ends_on', NEW.ends_on,
        'order_item_id', NEW.order_item_id, 'hold_id', NEW.hold_id, 'reservation_id', NEW.id))
    ON CONFLICT (product_id, change_key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
