/**
 * What staff can do to one person: open their details, send a password-reset link, and
 * ban (asks first, in BanDialog) or unban them. Shared by the list's rows and the details page.
 */
import type { UserSummary } from "@atelier/contract";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Ban, Ellipsis, Eye, KeyRound, ShieldCheck } from "lucide-react";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { errorMessage } from "../query-client.ts";
import { buttonClass } from "../ui/button.tsx";
import { useSendPasswordReset, useUnbanUser } from "./api.ts";

type Person = Pick<UserSummary, "id" | "name" | "email" | "banned">;

export function useUserCommands() {
  const reset = useSendPasswordReset();
  const unban = useUnbanUser();
  return {
    sendReset: (user: Person) =>
      reset.mutate(user.id, {
        onSuccess: () => toast.success(`Sent a password-reset link to ${user.email}`),
        onError: (error) => toast.error(errorMessage(error)),
      }),
    unban: (user: Person) =>
      unban.mutate(user.id, {
        onSuccess: () => toast.success(`Lifted the ban on ${user.name}`),
        onError: (error) => toast.error(errorMessage(error)),
      }),
  };
}

const item =
  "flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-1.5 text-sm outline-none data-[highlighted]:bg-stone-100";

/**
 * The row's menu. Ban asks in a dialog, which hands the focus back to this menu's button
 * afterwards (the menu item that opened it is gone by then).
 */
export function UserRowActions(props: { user: Person; onBan: (opener: HTMLElement | null) => void }) {
  const navigate = useNavigate();
  const commands = useUserCommands();
  const trigger = useRef<HTMLButtonElement>(null);
  const { user } = props;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={buttonClass("ghost", "icon")}
        aria-label={`Actions for ${user.name}`}
      >
        <Ellipsis aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-line bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={item} onSelect={() => navigate(adminPaths.userDetails(user.id))}>
            <Eye aria-hidden className="size-4 text-stone-500" /> View details
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => commands.sendReset(user)}>
            <KeyRound aria-hidden className="size-4 text-stone-500" /> Send password-reset link
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {user.banned ? (
            <DropdownMenu.Item className={item} onSelect={() => commands.unban(user)}>
              <ShieldCheck aria-hidden className="size-4 text-stone-500" /> Unban
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={`${item} text-red-700`} onSelect={() => props.onBan(trigger.current)}>
              <Ban aria-hidden className="size-4" /> Ban…
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
