/**
 * What each service's own page adds to its card (docs/product.md §2 "Service detail pages"):
 * an introduction, what is included, who it is for and how a visit goes. Read only by the
 * /services/:slug loader, so the browser gets one service's text as loader data instead of
 * all six in every page's JavaScript.
 */
import type { ServiceSlug } from "./services";

export interface ServiceDetail {
  intro: string;
  included: readonly string[];
  idealFor: readonly string[];
  visit: readonly { step: string; detail: string }[];
}

export const SERVICE_DETAILS: Record<ServiceSlug, ServiceDetail> = {
  residential: {
    intro:
      "Sea air, red dirt and a busy household add up. Our residential deep clean resets your home so it feels fresh again, then a regular visit keeps it that way.",
    included: [
      "Kitchen: counters, cabinet fronts, sink and taps, stovetop, outside of appliances, inside the microwave",
      "Bathrooms: toilets, showers and tubs descaled, tiles and grout scrubbed, mirrors and fixtures polished",
      "Bedrooms and living areas: dusting of every reachable surface, ceiling fans, light switches and door frames",
      "Floors: vacuumed, mopped and edges done by hand; rugs vacuumed on both sides where they can be lifted",
      "Windowsills, tracks and louvres wiped; bins emptied and relined",
      "On request: inside the oven and fridge, inside cabinets, balcony and patio",
    ],
    idealFor: [
      "Homeowners who want a thorough reset a few times a year",
      "Busy families who would rather spend weekends at the beach",
      "Moving in or out of a rented home",
    ],
    visit: [
      { step: "Walk-through", detail: "We agree the rooms and priorities with you, and note anything fragile or off limits." },
      {
        step: "Top to bottom",
        detail: "We work from ceilings and fans down to floors, room by room, so dust never lands on a cleaned surface.",
      },
      { step: "Kitchen and bathrooms last", detail: "The rooms that need the most time get it, with products safe for children and pets." },
      { step: "Final check", detail: "You walk the house with us. If anything is missed, we put it right before we leave." },
    ],
  },
  commercial: {
    intro:
      "First impressions happen at the door. We keep offices, retail units and waiting rooms clean on a schedule that fits your opening hours, with a consistent team your staff get to know.",
    included: [
      "Reception, offices and meeting rooms: desks, phones, keyboards and high-touch points disinfected",
      "Washrooms: sanitised, restocked from your supplies, mirrors and fixtures polished",
      "Break rooms and kitchenettes: counters, sinks, microwaves and fridge fronts",
      "Floors: vacuumed and mopped; entrance mats cleaned",
      "Glass doors, partitions and shop windows (inside) streak-free",
      "Waste and recycling emptied and taken to your collection point",
    ],
    idealFor: [
      "Offices and co-working spaces",
      "Retail shops and showrooms",
      "Clinics, salons and other businesses where hygiene is visible to clients",
    ],
    visit: [
      { step: "Site survey", detail: "We visit, agree a checklist per area and the times we may be on site." },
      { step: "Key and alarm routine", detail: "We agree how we enter and lock up, and who to call if something is wrong." },
      { step: "Scheduled cleans", detail: "The same checklist every visit, daily, weekly or as agreed." },
      { step: "Monthly review", detail: "A quick check-in to adjust the checklist as your business changes." },
    ],
  },
  "industrial-kitchen": {
    intro:
      "A commercial kitchen works hard and gets dirty in ways a home kitchen never does. We clean after service with degreasers and food-safe sanitisers, so you open to a kitchen ready for inspection.",
    included: [
      "Extraction hoods and removable filters degreased",
      "Walls, splashbacks and ceilings above the line washed",
      "Outside of ovens, ranges, fryers, grills and refrigeration cleaned and degreased",
      "Stainless prep surfaces and shelving sanitised with food-safe products",
      "Floors scrubbed, drains and floor gullies cleared of build-up",
      "Dry stores and walk-in floors swept and mopped",
    ],
    idealFor: ["Restaurants and bars", "Hotel and resort kitchens", "Caterers, bakeries and institutional kitchens"],
    visit: [
      { step: "Assessment", detail: "We look at the equipment and build-up and agree what is in scope, and what needs a specialist." },
      { step: "After service", detail: "We arrive when the last plate is out, so your team can go home." },
      { step: "Degrease, then sanitise", detail: "Grease first, from high to low, then food-safe sanitiser on every contact surface." },
      { step: "Ready to open", detail: "Floors dry, equipment back in place, and a short report of anything we noticed." },
    ],
  },
  "post-construction": {
    intro:
      "The builders have gone, but the dust has not. Construction dust settles for days and gets everywhere. We clean in stages so your new or renovated space is ready for people, not just finished on paper.",
    included: [
      "Debris and packaging collected and bagged for removal",
      "Fine dust removed from walls, ledges, light fittings, vents and inside cupboards",
      "Paint splashes, plaster and sticker residue carefully lifted from glass, tiles and fittings",
      "Windows, frames and tracks cleaned inside",
      "Bathrooms and kitchens cleaned and sanitised ready for first use",
      "Floors vacuumed and washed, with a second pass once the dust has settled",
    ],
    idealFor: [
      "Homeowners after a renovation",
      "Contractors and developers preparing a hand-over",
      "Landlords readying a unit for new tenants",
    ],
    visit: [
      { step: "Site check", detail: "We confirm the trades are finished and agree access, power and water." },
      { step: "Rough clean", detail: "Debris out, heavy dust down, surfaces vacuumed from the top." },
      { step: "Detail clean", detail: "Glass, fittings, cupboards, kitchens and bathrooms, surface by surface." },
      { step: "Final touch", detail: "A last dusting and floor wash after the dust has settled, before you move in." },
    ],
  },
  strata: {
    intro:
      "In a shared building, everyone notices when the lobby is dusty and nobody knows who to ask. We take on the common areas with a written schedule, a logbook and one contact for the committee or property manager.",
    included: [
      "Lobbies and entrances: floors, glass doors, mailboxes and seating",
      "Stairwells, corridors and lifts: floors, handrails, walls and lift interiors",
      "Bin rooms and refuse areas washed and deodorised",
      "Pool surrounds, gym and shared laundries tidied and cleaned",
      "Common-area windows and glass at reachable heights",
      "A logbook of every visit, and notes of repairs we spot",
    ],
    idealFor: [
      "Strata corporations and their committees",
      "Property managers of apartment complexes",
      "Gated communities and townhouse developments",
    ],
    visit: [
      { step: "Walk the building", detail: "With the manager or a committee member, we list every common area and how often it needs us." },
      { step: "Written schedule", detail: "Daily, weekly and monthly tasks agreed in writing and shared with residents if you wish." },
      { step: "Regular visits", detail: "The same team each visit, signing the logbook." },
      { step: "Quarterly review", detail: "We review the schedule and any resident feedback with you." },
    ],
  },
  airbnb: {
    intro:
      "Your reviews depend on the first five minutes after check-in. We turn your villa, apartment or room around between guests to the same standard every time, and tell you what we found.",
    included: [
      "Beds stripped and made with fresh linen; towels replaced and folded",
      "Kitchen and bathrooms cleaned and sanitised; dishes washed and put away",
      "Floors vacuumed and mopped; balconies and patios swept",
      "Guest essentials restocked from your supplies: toiletries, paper, coffee and tea",
      "Rubbish removed; fridge cleared of leftovers",
      "A short report with photos of any damage, missing items or low stock",
    ],
    idealFor: [
      "Airbnb and short-term rental hosts in Montego Bay, Rose Hall and Ironshore",
      "Villa and vacation-rental managers",
      "Hosts who live abroad and need someone they can trust on the ground",
    ],
    visit: [
      { step: "Set-up", detail: "We learn the property, where the supplies are kept, and your checklist and photo standard." },
      { step: "On your calendar", detail: "Turnovers are booked around check-out and check-in times, including same-day turnovers." },
      { step: "Clean and stage", detail: "Cleaned, restocked and staged the way your listing photos show it." },
      { step: "Report", detail: "A message when the property is guest-ready, with anything you need to know." },
    ],
  },
};
