import { absoluteUrl, config } from "../../config";
import { PLANS } from "../../content/plans";

/** JSON-LD of the home page (docs/product/site.md): the company, the product with its rating and offers. */
export function homeStructuredData(): Record<string, unknown>[] {
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: config.brand,
    url: absoluteUrl("/"),
    logo: absoluteUrl("/favicon.svg"),
    foundingDate: "2020",
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      url: absoluteUrl("/contact"),
      availableLanguage: "English",
    },
  };
  const application = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: config.brand,
    url: absoluteUrl("/"),
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web, iOS, Android",
    description:
      "Cloud order management, commission tracking and sales reporting for manufacturer's reps, independent reps and agencies.",
    aggregateRating: { "@type": "AggregateRating", ratingValue: 4.8, ratingCount: 150, bestRating: 5 },
    offers: PLANS.map((plan) => ({
      "@type": "Offer",
      name: `${plan.name} plan`,
      price: plan.price.toFixed(2),
      priceCurrency: "USD",
      url: absoluteUrl("/pricing"),
      category: "subscription",
    })),
  };
  return [organization, application];
}
