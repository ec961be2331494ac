/** When the menu is collapsed to icons, each icon names itself in a tooltip on hover and focus. */
import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactElement } from "react";

export function RailTooltip(props: { label: string; enabled: boolean; children: ReactElement }) {
  if (!props.enabled) return props.children;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{props.children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          className="z-50 rounded-md bg-ink px-2 py-1 font-medium text-white text-xs shadow-md"
        >
          {props.label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
