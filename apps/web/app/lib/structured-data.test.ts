import { describe, expect, it } from "vitest";
import { jsonLdText, productJsonLd } from "./structured-data.ts";

const product = {
  id: 7,
  name: "Dune Hoodie",
  description: "Soft loopback cotton.",
  price: 5900,
  currency: "USD",
  inStock: true,
  series: { id: 1, name: "Coastal", slug: "coastal" },
  variants: [
    {
      id: 1,
      stockState: "low" as const,
      onlyLeft: 3,
      size: { id: 1, name: "M", sortOrder: 2 },
      color: { id: 1, name: "Sand", hex: "#c2b280" },
    },
  ],
};

describe("the product's structured data", () => {
  it("is a schema.org Product with an offer: price, currency, availability and url", () => {
    const data = productJsonLd(product, {
      url: "https://shop.example/products/details/7",
      images: ["https://shop.example/a.webp"],
      brand: "Atelier",
    });
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Dune Hoodie",
      image: ["https://shop.example/a.webp"],
      productID: "7",
      offers: {
        price: "59.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/products/details/7",
      },
    });
  });

  it("says OutOfStock when no variant is in stock", () => {
    const data = productJsonLd({ ...product, inStock: false }, { url: "u", images: [], brand: "b" });
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("cannot be broken out of by a name containing </script>", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script><!--" });
    expect(text).not.toContain("</script");
    expect(text).not.toContain("<!--");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script><!--" });
  });
});
