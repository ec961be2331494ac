/** /collabs/notify/confirm?token=…: the link of the "Notify me" confirmation mail. */
import { collabEndpoints } from "@atelier/contract";
import { ApiError, apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import type { Route } from "./+types/notify-confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    await apiFrom(context).send(collabEndpoints.notifyConfirm, { body: { token } });
    return { confirmed: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { confirmed: false };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  storefrontMeta(matches, { heading: "Notify me", description: "Confirm your Notify me request." });

export default function NotifyConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="font-bold text-2xl">{loaderData.confirmed ? "You are on the list" : "This link does not work"}</h1>
      <p className="mt-3 text-stone-700">
        {loaderData.confirmed
          ? "We will mail you once, when it is available."
          : "It may have been replaced by a newer one. Ask again from the product or collab page."}
      </p>
    </div>
  );
}
