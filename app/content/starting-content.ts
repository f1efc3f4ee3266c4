/**
 * The site's content as it was when it lived in code (docs/product.md §13): the business
 * facts, the six services of docs/product.md §2, the eight FAQs and an empty price guide.
 * migrations/0011_site_content.sql seeds exactly this (tests/unit/site-content.test.ts holds
 * them equal), and a page uses it only when D1 cannot be read and the isolate has read nothing yet.
 */
import type { SiteContent } from "~/domain/site-content";

export const STARTING_CONTENT: SiteContent = {
  business: {
    phone: "+1 876 555 0123",
    email: "hello@montegobaycleaning.example",
    whatsapp: "18765550123",
    socialUrl: "",
    hours: [
      {
        opens: "08:00",
        closes: "18:00",
        note: "",
      },
      {
        opens: "08:00",
        closes: "18:00",
        note: "",
      },
      {
        opens: "08:00",
        closes: "18:00",
        note: "",
      },
      {
        opens: "08:00",
        closes: "18:00",
        note: "",
      },
      {
        opens: "08:00",
        closes: "18:00",
        note: "",
      },
      {
        opens: "09:00",
        closes: "16:00",
        note: "",
      },
      {
        opens: null,
        closes: null,
        note: "By appointment",
      },
    ],
    serviceAreas: ["Montego Bay", "Rose Hall", "Ironshore", "Reading"],
    serviceAreasNote: "and surrounding communities",
    stats: {
      homeTrustedBy: "50+",
      aboutHappyClients: "500+",
      aboutYearsExperience: "5+",
    },
    heroHeading: "A spotless home or business, without lifting a finger.",
    heroLead: "Professional cleaning across Montego Bay for homes, offices, kitchens, new builds and holiday rentals.",
    story: [
      "We started as a small team cleaning homes in Montego Bay, with a simple idea: turn up on time, do the job properly and leave every place better than we found it.",
      "Word spread from homeowners to the offices, restaurants and holiday rentals around them. Today we clean homes, businesses, commercial kitchens, new builds, apartment complexes and Airbnb rentals from Ironshore and Rose Hall to Reading.",
      "What has not changed is how we work: a checklist for every job, eco-friendly supplies, a team you can trust with your keys, and a guarantee that if something is not right, we come back and fix it.",
    ],
  },
  services: [
    {
      slug: "residential",
      serviceType: "residential",
      pageId: "residential-service",
      title: "Residential Deep Cleaning",
      description:
        "A top-to-bottom clean of your home: kitchens, bathrooms, floors and every surface in between, done with eco-friendly supplies.",
      intro:
        "Sea air, red dirt and a busy household add up. Our residential deep clean resets your home so it feels fresh again, then a regular visit keeps it that way.",
      features: ["Kitchens and bathrooms scrubbed", "Floors vacuumed and mopped", "Dusting from ceiling fans to skirting"],
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
        {
          step: "Walk-through",
          detail: "We agree the rooms and priorities with you, and note anything fragile or off limits.",
        },
        {
          step: "Top to bottom",
          detail: "We work from ceilings and fans down to floors, room by room, so dust never lands on a cleaned surface.",
        },
        {
          step: "Kitchen and bathrooms last",
          detail: "The rooms that need the most time get it, with products safe for children and pets.",
        },
        {
          step: "Final check",
          detail: "You walk the house with us. If anything is missed, we put it right before we leave.",
        },
      ],
      photo: "moppingLivingRoom",
      shown: true,
    },
    {
      slug: "commercial",
      serviceType: "commercial",
      pageId: "commercial-service",
      title: "Commercial Cleaning",
      description:
        "Offices, shops and clinics cleaned before or after hours, so your staff and customers walk into a space that looks after them.",
      intro:
        "First impressions happen at the door. We keep offices, retail units and waiting rooms clean on a schedule that fits your opening hours, with a consistent team your staff get to know.",
      features: ["Before or after business hours", "Washrooms and break rooms sanitised", "Desks, glass and high-touch points"],
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
        {
          step: "Site survey",
          detail: "We visit, agree a checklist per area and the times we may be on site.",
        },
        {
          step: "Key and alarm routine",
          detail: "We agree how we enter and lock up, and who to call if something is wrong.",
        },
        {
          step: "Scheduled cleans",
          detail: "The same checklist every visit, daily, weekly or as agreed.",
        },
        {
          step: "Monthly review",
          detail: "A quick check-in to adjust the checklist as your business changes.",
        },
      ],
      photo: "officeDusting",
      shown: true,
    },
    {
      slug: "industrial-kitchen",
      serviceType: "industrial-kitchen",
      pageId: "industrial-kitchen-service",
      title: "Industrial Kitchen Cleaning",
      description:
        "Degreasing and sanitising for restaurant, hotel and catering kitchens, scheduled around service so you never lose a shift.",
      intro:
        "A commercial kitchen works hard and gets dirty in ways a home kitchen never does. We clean after service with degreasers and food-safe sanitisers, so you open to a kitchen ready for inspection.",
      features: ["Degreasing of hoods, filters and walls", "Food-safe sanitising", "Scheduled around your service"],
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
        {
          step: "Assessment",
          detail: "We look at the equipment and build-up and agree what is in scope, and what needs a specialist.",
        },
        {
          step: "After service",
          detail: "We arrive when the last plate is out, so your team can go home.",
        },
        {
          step: "Degrease, then sanitise",
          detail: "Grease first, from high to low, then food-safe sanitiser on every contact surface.",
        },
        {
          step: "Ready to open",
          detail: "Floors dry, equipment back in place, and a short report of anything we noticed.",
        },
      ],
      photo: "disinfecting",
      shown: true,
    },
    {
      slug: "post-construction",
      serviceType: "post-construction",
      pageId: "postconstruction-service",
      title: "Post-Construction Cleaning",
      description:
        "Builders' dust, paint splashes and debris removed after a build or renovation, leaving the space ready to move into or hand over.",
      intro:
        "The builders have gone, but the dust has not. Construction dust settles for days and gets everywhere. We clean in stages so your new or renovated space is ready for people, not just finished on paper.",
      features: ["Fine dust removed from every surface", "Paint and sticker residue lifted", "Ready for hand-over"],
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
        {
          step: "Site check",
          detail: "We confirm the trades are finished and agree access, power and water.",
        },
        {
          step: "Rough clean",
          detail: "Debris out, heavy dust down, surfaces vacuumed from the top.",
        },
        {
          step: "Detail clean",
          detail: "Glass, fittings, cupboards, kitchens and bathrooms, surface by surface.",
        },
        {
          step: "Final touch",
          detail: "A last dusting and floor wash after the dust has settled, before you move in.",
        },
      ],
      photo: "emptyRoomHandover",
      shown: true,
    },
    {
      slug: "strata",
      serviceType: "strata",
      pageId: "strata-service",
      title: "Strata Cleaning",
      description:
        "Common areas of apartment complexes and gated communities kept clean to a written schedule the committee and residents can rely on.",
      intro:
        "In a shared building, everyone notices when the lobby is dusty and nobody knows who to ask. We take on the common areas with a written schedule, a logbook and one contact for the committee or property manager.",
      features: ["Lobbies, stairwells and corridors", "Bin areas and pool surrounds", "Written schedule and logbook"],
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
        {
          step: "Walk the building",
          detail: "With the manager or a committee member, we list every common area and how often it needs us.",
        },
        {
          step: "Written schedule",
          detail: "Daily, weekly and monthly tasks agreed in writing and shared with residents if you wish.",
        },
        {
          step: "Regular visits",
          detail: "The same team each visit, signing the logbook.",
        },
        {
          step: "Quarterly review",
          detail: "We review the schedule and any resident feedback with you.",
        },
      ],
      photo: "highRiseWindows",
      shown: true,
    },
    {
      slug: "airbnb",
      serviceType: "airbnb",
      pageId: "airbnb-service",
      title: "Airbnb Turnover Cleaning",
      description:
        "Fast, reliable turnovers between guests: fresh linen, restocked essentials and a photo-ready rental, on your booking calendar.",
      intro:
        "Your reviews depend on the first five minutes after check-in. We turn your villa, apartment or room around between guests to the same standard every time, and tell you what we found.",
      features: ["Linen change and bed making", "Restocking of guest essentials", "Damage and low-stock reports"],
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
        {
          step: "Set-up",
          detail: "We learn the property, where the supplies are kept, and your checklist and photo standard.",
        },
        {
          step: "On your calendar",
          detail: "Turnovers are booked around check-out and check-in times, including same-day turnovers.",
        },
        {
          step: "Clean and stage",
          detail: "Cleaned, restocked and staged the way your listing photos show it.",
        },
        {
          step: "Report",
          detail: "A message when the property is guest-ready, with anything you need to know.",
        },
      ],
      photo: "makingBed",
      shown: true,
    },
  ],
  faqs: [
    {
      id: "faq-supplies",
      question: "Do you bring your own cleaning supplies?",
      answer:
        "Yes. Our team brings all equipment and eco-friendly cleaning products, safe for children and pets. If you would like us to use particular products of your own, just tell us.",
      onHome: true,
    },
    {
      id: "faq-areas",
      question: "Which areas do you serve?",
      answer:
        "Montego Bay, Rose Hall, Ironshore, Reading and surrounding communities. If you are a little further out, ask us: we can often still help.",
      onHome: true,
    },
    {
      id: "faq-booking",
      question: "How do I book a cleaning?",
      answer:
        "Request a free quote online, call us or send a WhatsApp message. We reply within 24 hours with a price and available dates, and confirm the booking with you.",
      onHome: true,
    },
    {
      id: "faq-pricing",
      question: "How much does a cleaning cost?",
      answer:
        "Estimates are free. Pricing depends on the size of the space, the type of cleaning and how often you would like us to come. Photos with your quote request help us price accurately.",
      onHome: true,
    },
    {
      id: "faq-licensing",
      question: "Are you licensed and insured?",
      answer: "Yes. We are a licensed business and fully insured, so your home or premises is protected while we work.",
      onHome: false,
    },
    {
      id: "faq-guarantee",
      question: "What if I am not happy with the cleaning?",
      answer:
        "We offer a 100% satisfaction guarantee. Contact us within 24 hours of your cleaning and we will come back to put it right, free of charge.",
      onHome: true,
    },
    {
      id: "faq-frequency",
      question: "How often should I have my home cleaned?",
      answer:
        "It depends on your household. Many families choose weekly or bi-weekly visits, with a deep clean a few times a year; others book a one-time clean before an event or a move. We are happy to suggest a schedule.",
      onHome: false,
    },
    {
      id: "faq-presence",
      question: "Do I need to be home during the cleaning?",
      answer:
        "No. Many clients give us a key or an access code. We agree in advance how we enter and lock up, and we message you when we are done.",
      onHome: false,
    },
  ],
  prices: [],
};
