import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';

/** Specification §9 (docs/spec/specification.md): tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed: a new one opening within the skip delay opens at once. */
let lastClosedAt = 0;

/**
 * A small tooltip for one trigger (a link or a button): shown on hover and keyboard focus after the
 * seed's delay, below the trigger, described by `aria-describedby`, closed by Escape. Focus that a
 * press gave (a tap on a phone, a click) does not open it: the header stays across pages, so the
 * tapped link kept its focus and its tooltip on the next page.
 */
export function Tooltip({
  content,
  children,
}: {
  content: string;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = () => {
    window.clearTimeout(timer.current);
    const delay = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={() => {
        if (!pressed.current) show();
      }}
      onBlur={() => {
        pressed.current = false;
        hide();
      }}
      onPointerDown={() => {
        pressed.current = true;
        hide();
      }}
      onKeyDown={(event) => {
        pressed.current = false;
        if (event.key === 'Escape') hide();
      }}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open ? (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute left-1/2 top-full z-50 mt-1.5 -translate-x-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow"
        >
          {content}
        </span>
      ) : null}
    </span>
  );
}
