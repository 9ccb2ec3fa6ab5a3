import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

/**
 * Tabs on Radix Tabs (the WAI-ARIA tabs pattern, automatic activation): a labelled `tablist` of
 * `tab`s with `aria-selected` and `aria-controls`; the keyboard reaches the selected tab with one Tab
 * stop, ←/→ move to the previous/next tab (wrapping) and select it, Home/End the first/last; each
 * `tabpanel` is labelled by its tab and in the Tab order, and only the selected one is drawn.
 * `data-state` is `active`/`inactive` for the styles.
 */
export interface TabsProps<Value extends string> {
  value: Value;
  onValueChange: (value: Value) => void;
  label: string;
  tabs: ReadonlyArray<{ value: Value; label: string }>;
  listClassName?: string;
  tabClassName?: string;
  /** Called when a pointer comes over a tab or it takes focus: the moment to fetch what it shows. */
  onTabIntent?: (value: Value) => void;
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
  onTabIntent,
}: TabsProps<Value>) {
  return (
    <TabsPrimitive.Root value={value} onValueChange={(next) => onValueChange(next as Value)}>
      <TabsPrimitive.List aria-label={label} className={listClassName}>
        {tabs.map((tab) => (
          <TabsPrimitive.Trigger
            key={tab.value}
            value={tab.value}
            className={tabClassName}
            onPointerEnter={() => onTabIntent?.(tab.value)}
            onFocus={() => onTabIntent?.(tab.value)}
          >
            {tab.label}
          </TabsPrimitive.Trigger>
        ))}
      </TabsPrimitive.List>
      {between}
      {tabs.map((tab) => (
        <TabsPrimitive.Content key={tab.value} value={tab.value}>
          {panels[tab.value]}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}
