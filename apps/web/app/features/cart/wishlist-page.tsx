/**
 * /WishList: the shopper's saved products (published ones), newest first. The heart
 * takes one off; "Move to cart" asks for a size and color and moves it in one call.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Heart } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../lib/paths.ts";
import { toast } from "../../lib/toast.ts";
import { cartKeys, fetchWishlist, moveToCart } from "./api.ts";
import { useBag } from "./bag-store.ts";
import { errorMessage } from "./query-provider.tsx";
import { WishlistCard } from "./wishlist-card.tsx";

export function WishlistPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const bag = useBag();
  const query = useQuery({ queryKey: cartKeys.wishlist(), queryFn: fetchWishlist });
  const move = useMutation({
    mutationFn: ({ productId, variantId }: { productId: number; variantId: number; name: string }) =>
      moveToCart(productId, variantId),
    onSuccess: (_answer, { name }) => {
      toast.success(`${name} is in your cart.`, {
        action: { label: "View cart", onClick: () => void navigate(paths.cart()) },
      });
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  // The hearts change the bag at once; the list follows it without another round trip.
  const items = query.data?.items.filter((item) => !bag.loaded || bag.wishlist.has(item.productId)) ?? [];

  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8 sm:py-12">
      <h1 className="font-bold text-3xl tracking-tight">Your wishlist</h1>
      {query.isPending ? (
        <WishlistSkeleton />
      ) : query.isError ? (
        <div role="alert" className="mt-8 rounded-2xl border border-line bg-white p-6">
          <p>We could not load your wishlist. {errorMessage(query.error)}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="mt-3 h-10 rounded-full bg-ink px-4 font-semibold text-white"
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center gap-4 rounded-2xl border border-line bg-white px-6 py-14 text-center">
          <Heart aria-hidden className="size-10 text-muted" />
          <h2 className="font-semibold text-xl">Your wishlist is empty</h2>
          <p className="max-w-md text-muted">Tap the heart on anything you like and it waits for you here.</p>
          <Link to={paths.home()} className="rounded-full bg-ink px-6 py-3 font-semibold text-white hover:bg-stone-700">
            Start shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-muted">
            {items.length} {items.length === 1 ? "product" : "products"}
          </p>
          <ul
            className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4"
            aria-label="Saved products"
          >
            {items.map((item) => (
              <WishlistCard
                key={item.productId}
                item={item}
                moving={move.isPending && move.variables.productId === item.productId}
                onMove={(variantId) => move.mutate({ productId: item.productId, variantId, name: item.product.name })}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function WishlistSkeleton() {
  return (
    <div aria-busy="true" data-testid="wishlist-skeleton">
      <p className="sr-only" role="status">
        Loading your wishlist…
      </p>
      <div className="mt-6 grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="animate-pulse space-y-3">
            <div className="aspect-[4/5] rounded-xl bg-stone-200" />
            <div className="h-4 w-3/4 rounded bg-stone-200" />
            <div className="h-4 w-1/3 rounded bg-stone-200" />
          </div>
        ))}
      </div>
    </div>
  );
}
