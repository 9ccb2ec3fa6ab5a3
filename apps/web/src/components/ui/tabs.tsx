import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs as the WAI-ARIA tabs pattern (automatic activation), the behaviour Radix Tabs gave the sign-in
 * page without its 7 kB gzip (docs/decisions/046-javascript-budgets.md): a `tablist` of `tab`s with
 * `aria-selected` and `aria-controls`, only the selected tab in the Tab order, ←/→ move to the
 * previous/next tab (wrapping) and select it, Home/End the first/last; each `tabpanel` is labelled by
 * its tab and in the Tab order, and only the selected one is drawn. `data-state` stays
 * `active`/`inactive` for the styles.
 */
export interface TabsProps<Value extends string> {
  value: Value;
  onValueChange: (value: Value) => void;
  label: string;
  tabs: ReadonlyArray<{ value: Value; label: string }>;
  listClassName?: string;
  tabClassName?: string;
  /** Drawn between the tab list and the panels (shared by every tab). */
  between?: ReactNode;
  panels: Record<Value, ReactNode>;
}

export function Tabs<Value extends string>({
  value,
  onValueChange,
  label,
  tabs,
  listClassName,
  tabClassName,
  between,
  panels,
}: TabsProps<Value>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (tab: Value) => `${base}-aba-${tab}`;
  const panelId = (tab: Value) => `${base}-painel-${tab}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === value);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onValueChange(tabs[next]!.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div dir="ltr" data-orientation="horizontal">
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className={listClassName}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              className={tabClassName}
              onMouseDown={(event) => {
                // As Radix: the tab is chosen on press (left button, no Ctrl), focus follows.
                if (event.button === 0 && !event.ctrlKey) onValueChange(tab.value);
              }}
              onClick={() => onValueChange(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {between}
      {tabs.map((tab) =>
        tab.value === value ? (
          <div
            key={tab.value}
            role="tabpanel"
            id={panelId(tab.value)}
            aria-labelledby={tabId(tab.value)}
            data-state="active"
            tabIndex={0}
          >
            {panels[tab.value]}
          </div>
        ) : null,
      )}
    </div>
  );
}
