/**
 * Demo catalogue of the fictional "Dolomiti Rent" in the fictional Val Frëina (South Tyrol):
 * two storefronts, three branches, every category of the spec, items, prices, units, stock,
 * service capacity, coupons and partner hotels.
 *
 * Pure data, no I/O. Rows reference branches and items by slug; `seedDemo` resolves the slugs to
 * the serial ids the database generates. Villages, streets, hotels and the e-mail domain are invented.
 */
import type { Translated } from "../domain/i18n";
import type { Season } from "../domain/vocabulary";
import type * as schema from "../server/db/schema";

type ItemInsert = typeof schema.items.$inferInsert;

export type DemoStorefront = typeof schema.storefronts.$inferInsert;
export type DemoShop = {
  row: Omit<typeof schema.shops.$inferInsert, "id">;
  /** Prefix of the unit codes held at this branch, e.g. "CI" in CI-SKI-0001. */
  codePrefix: string;
  appIds: Season[];
  hours: Omit<typeof schema.shopHours.$inferInsert, "id" | "shopId">[];
  closedDays: Omit<typeof schema.shopClosedDays.$inferInsert, "shopId">[];
};
export type DemoCategory = typeof schema.categories.$inferInsert;
export type DemoItem = Omit<ItemInsert, "id"> & { slug: string };
export type DemoPriceTable = Omit<typeof schema.priceTables.$inferInsert, "itemId" | "updatedAt"> & { item: string };
export type DemoSurcharge = Omit<typeof schema.priceSurcharges.$inferInsert, "id" | "itemId"> & { item: string | null };
export type DemoUnit = Omit<typeof schema.units.$inferInsert, "id" | "itemId" | "shopId" | "createdAt"> & {
  item: string;
  shop: string;
};
export type DemoStock = Omit<typeof schema.stock.$inferInsert, "itemId" | "shopId"> & { item: string; shop: string };
export type DemoServiceCapacity = Omit<typeof schema.serviceCapacity.$inferInsert, "itemId" | "shopId"> & {
  item: string;
  shop: string;
};
export type DemoCoupon = Omit<typeof schema.coupons.$inferInsert, "id">;
export type DemoPartnerHotel = Omit<typeof schema.partnerHotels.$inferInsert, "id">;

const DEMO_VAT_BP = 2200;

// ---------------------------------------------------------------------------------------------
// Storefronts

export const demoStorefronts: DemoStorefront[] = [
  {
    id: "winter",
    name: {
      en: "Winter: ski & snowboard",
      de: "Winter: Ski & Snowboard",
      it: "Inverno: sci e snowboard",
      nl: "Winter: ski & snowboard",
      be: "Winter: ski & snowboard",
      da: "Vinter: ski og snowboard",
    },
    description: {
      en: "Rent skis, snowboards, boots and helmets, book a ski service or a depot locker, and shop for winter gear in our branches in the valley.",
      de: "Ski, Snowboards, Skischuhe und Helme mieten, Skiservice oder Skidepot buchen und Winterausrüstung in unseren Filialen im Tal kaufen.",
      it: "Noleggia sci, snowboard, scarponi e caschi, prenota il servizio sci o un armadietto al deposito e acquista l'attrezzatura invernale nei nostri negozi in valle.",
      nl: "Huur ski's, snowboards, skischoenen en helmen, boek een skiservice of een kluisje in het skidepot en koop wintersportkleding in onze vestigingen in het dal.",
      be: "Huur ski's, snowboards, skibotten en helmen, boek een skionderhoud of een kluisje in het skidepot en koop wintersportkledij in onze filialen in de vallei.",
      da: "Lej ski, snowboards, skistøvler og hjelme, book skiservice eller et skab i skidepotet, og køb vinterudstyr i vores butikker i dalen.",
    },
    seasonStart: "12-01",
    seasonEnd: "04-15",
    enabled: true,
    sort: 1,
  },
  {
    id: "summer",
    name: {
      en: "Summer: e-bikes",
      de: "Sommer: E-Bikes",
      it: "Estate: e-bike",
      nl: "Zomer: e-bikes",
      be: "Zomer: e-bikes",
      da: "Sommer: elcykler",
    },
    description: {
      en: "Rent full-suspension, hardtail and junior e-bikes with a helmet for tours across the Dolomite passes.",
      de: "E-Fullys, E-Hardtails und Kinder-E-Bikes samt Helm mieten – für Touren über die Dolomitenpässe.",
      it: "Noleggia e-bike biammortizzate, front e junior con casco per le tue escursioni sui passi dolomitici.",
      nl: "Huur volledig geveerde, hardtail- en junior-e-bikes met helm voor tochten over de Dolomietenpassen.",
      be: "Huur volledig geveerde, hardtail- en junior-e-bikes met helm voor fietstochten over de Dolomietenpassen.",
      da: "Lej fuldaffjedrede, hardtail- og junior-elcykler med hjelm til ture over Dolomitternes pas.",
    },
    seasonStart: "05-15",
    seasonEnd: "10-15",
    enabled: true,
    sort: 2,
  },
];

// ---------------------------------------------------------------------------------------------
// Branches

type Hours = DemoShop["hours"];

/** The same opening slots on every ISO weekday (1 = Monday .. 7 = Sunday) except `closedOn`. */
function weekly(appId: Season, slots: [opens: string, closes: string][], closedOn: number[] = []): Hours {
  const rows: Hours = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    if (closedOn.includes(weekday)) continue;
    for (const [opens, closes] of slots) rows.push({ appId, weekday, opens, closes });
  }
  return rows;
}

const SUMMER_SLOTS: [string, string][] = [
  ["09:00", "12:30"],
  ["14:30", "18:30"],
];

const christmasDay: Translated = {
  en: "Christmas Day",
  de: "1. Weihnachtsfeiertag",
  it: "Natale",
  nl: "Eerste kerstdag",
  be: "Kerstmis",
  da: "Juledag",
};

export const demoShops: DemoShop[] = [
  {
    row: {
      slug: "ciaslin",
      name: "Dolomiti Rent Ciaslin",
      description: {
        en: "Our main branch in the village centre of Ciaslin, next to the ski bus stop: the full winter range, the service workshop and, in summer, our e-bike station.",
        de: "Unsere Hauptfiliale im Dorfzentrum von Ciaslin, direkt an der Skibushaltestelle: das ganze Wintersortiment, die Service-Werkstatt und im Sommer unsere E-Bike-Station.",
        it: "Il nostro negozio principale nel centro di Ciaslin, accanto alla fermata dello skibus: tutta la gamma invernale, il laboratorio di assistenza e, d'estate, la stazione e-bike.",
        nl: "Onze hoofdvestiging in het centrum van Ciaslin, naast de halte van de skibus: het volledige winteraanbod, de servicewerkplaats en in de zomer ons e-bikestation.",
        be: "Ons hoofdfiliaal in het dorpscentrum van Ciaslin, naast de halte van de skibus: het volledige winteraanbod, het onderhoudsatelier en in de zomer ons e-bikestation.",
        da: "Vores hovedbutik i Ciaslins landsbycentrum ved skibusstoppestedet: hele vintersortimentet, serviceværkstedet og om sommeren vores elcykelstation.",
      },
      street: "Strada Ciaslin 12",
      postalCode: "39035",
      town: "Ciaslin",
      country: "IT",
      latitude: "46.548300",
      longitude: "11.793600",
      phone: "+39 0471 795 120",
      email: "ciaslin@dolomiti-rent.example",
      sort: 1,
    },
    codePrefix: "CI",
    appIds: ["winter", "summer"],
    hours: [...weekly("winter", [["08:00", "18:00"]]), ...weekly("summer", SUMMER_SLOTS)],
    closedDays: [{ day: "2026-12-25", reason: christmasDay }],
  },
  {
    row: {
      slug: "plan-da-sera",
      name: "Dolomiti Rent Plan da Sëra",
      description: {
        en: "Right at the valley station of the Sëra gondola: step out of your skis and into the heated depot. Open in winter only.",
        de: "Direkt an der Talstation der Sëra-Kabinenbahn: aus der Bindung steigen und ab ins beheizte Skidepot. Nur im Winter geöffnet.",
        it: "Proprio alla stazione a valle della cabinovia Sëra: togli gli sci e lasciali nel deposito riscaldato. Aperto solo in inverno.",
        nl: "Pal bij het dalstation van de Sëra-gondelbaan: klik je ski's los en zet ze in het verwarmde skidepot. Alleen in de winter open.",
        be: "Vlak bij het dalstation van de gondel van Sëra: klik uw ski's los en zet ze in het verwarmde skidepot. Enkel in de winter open.",
        da: "Lige ved dalstationen for Sëra-gondolen: spænd skiene af og sæt dem i det opvarmede skidepot. Kun åbent om vinteren.",
      },
      street: "Strada Plan da Sëra 3",
      postalCode: "39034",
      town: "Plan da Sëra",
      country: "IT",
      latitude: "46.561900",
      longitude: "11.822400",
      phone: "+39 0471 795 340",
      email: "plandasera@dolomiti-rent.example",
      sort: 2,
    },
    codePrefix: "PS",
    appIds: ["winter"],
    hours: weekly("winter", [["08:00", "17:30"]]),
    closedDays: [
      {
        day: "2027-01-13",
        reason: {
          en: "Annual inspection of the Sëra gondola",
          de: "Jährliche Revision der Sëra-Kabinenbahn",
          it: "Revisione annuale della cabinovia Sëra",
          nl: "Jaarlijkse keuring van de Sëra-gondelbaan",
          be: "Jaarlijkse keuring van de gondel van Sëra",
          da: "Årligt eftersyn af Sëra-gondolbanen",
        },
      },
    ],
  },
  {
    row: {
      slug: "runcadoz",
      name: "Dolomiti Rent Runcadoz",
      description: {
        en: "Our small family-run branch in the quiet hamlet of Runcadoz, where the floodlit sledge run ends and the e-bike trails to the Frëina pass begin.",
        de: "Unsere kleine Familienfiliale im ruhigen Weiler Runcadoz – hier endet die beleuchtete Rodelbahn und beginnen die E-Bike-Trails zum Frëinajoch.",
        it: "Il nostro piccolo negozio a conduzione familiare nella tranquilla frazione di Runcadoz, dove finisce la pista da slittino illuminata e partono i percorsi e-bike verso il passo Frëina.",
        nl: "Onze kleine familievestiging in het rustige gehucht Runcadoz, waar de verlichte sleebaan eindigt en de e-biketrails naar de Frëinapas beginnen.",
        be: "Onze kleine familiezaak in het rustige gehucht Runcadoz, waar de verlichte sleebaan eindigt en de e-biketrails naar de Frëinapas vertrekken.",
        da: "Vores lille familiedrevne butik i den stille landsby Runcadoz, hvor den oplyste kælkebakke slutter, og elcykelstierne til Frëina-passet begynder.",
      },
      street: "Strada Runcadoz 27",
      postalCode: "39038",
      town: "Runcadoz",
      country: "IT",
      latitude: "46.535700",
      longitude: "11.768100",
      phone: "+39 0471 796 215",
      email: "runcadoz@dolomiti-rent.example",
      sort: 3,
    },
    codePrefix: "RU",
    appIds: ["winter", "summer"],
    hours: [...weekly("winter", [["08:00", "18:00"]]), ...weekly("summer", SUMMER_SLOTS, [1])],
    closedDays: [
      { day: "2026-12-25", reason: christmasDay },
      {
        day: "2027-01-01",
        reason: {
          en: "New Year's Day",
          de: "Neujahr",
          it: "Capodanno",
          nl: "Nieuwjaarsdag",
          be: "Nieuwjaar",
          da: "Nytårsdag",
        },
      },
      {
        day: "2027-08-15",
        reason: {
          en: "Assumption Day (Ferragosto)",
          de: "Mariä Himmelfahrt (Ferragosto)",
          it: "Ferragosto",
          nl: "Maria-Hemelvaart (Ferragosto)",
          be: "O.-L.-V.-Hemelvaart (Ferragosto)",
          da: "Marias himmelfart (Ferragosto)",
        },
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Categories: the spec's list (winter) plus the e-bike kinds (summer)

export const demoCategories: DemoCategory[] = [
  {
    id: "ski-snowboard",
    appId: "winter",
    kind: "rental",
    sort: 10,
    name: {
      en: "Ski & snowboard equipment",
      de: "Ski- & Snowboardausrüstung",
      it: "Attrezzatura sci e snowboard",
      nl: "Ski- en snowboarduitrusting",
      be: "Ski- en snowboardmateriaal",
      da: "Ski- og snowboardudstyr",
    },
  },
  {
    // Rental helmets are `rental` items; goggles and helmets to buy are `sale` items of the same category.
    id: "goggles-helmets",
    appId: "winter",
    kind: "rental",
    sort: 20,
    name: {
      en: "Goggles & helmets",
      de: "Skibrillen & Helme",
      it: "Maschere e caschi",
      nl: "Skibrillen en helmen",
      be: "Skibrillen en helmen",
      da: "Skibriller og hjelme",
    },
  },
  {
    id: "sledding",
    appId: "winter",
    kind: "rental",
    sort: 30,
    name: {
      en: "Sledding & bobsleigh",
      de: "Rodeln & Bob",
      it: "Slittino e bob",
      nl: "Sleeën en bobslee",
      be: "Sleeën en bobslee",
      da: "Kælk og bobslæde",
    },
  },
  {
    id: "ski-service",
    appId: "winter",
    kind: "service",
    sort: 40,
    name: {
      en: "Ski & board service",
      de: "Ski- & Boardservice",
      it: "Servizio sci e snowboard",
      nl: "Ski- en snowboardservice",
      be: "Ski- en snowboardonderhoud",
      da: "Ski- og boardservice",
    },
  },
  {
    id: "depot",
    appId: "winter",
    kind: "depot",
    sort: 50,
    name: {
      en: "Storage & depot",
      de: "Skidepot & Aufbewahrung",
      it: "Deposito sci",
      nl: "Opslag & skidepot",
      be: "Opslag & skidepot",
      da: "Opbevaring og skidepot",
    },
  },
  {
    id: "clothing",
    appId: "winter",
    kind: "sale",
    sort: 60,
    name: { en: "Clothing", de: "Bekleidung", it: "Abbigliamento", nl: "Kleding", be: "Kledij", da: "Tøj" },
  },
  {
    id: "shoes",
    appId: "winter",
    kind: "sale",
    sort: 70,
    name: { en: "Shoes", de: "Schuhe", it: "Scarpe", nl: "Schoenen", be: "Schoenen", da: "Sko" },
  },
  {
    id: "backpacks",
    appId: "winter",
    kind: "sale",
    sort: 80,
    name: { en: "Backpacks", de: "Rucksäcke", it: "Zaini", nl: "Rugzakken", be: "Rugzakken", da: "Rygsække" },
  },
  {
    id: "windbreakers",
    appId: "winter",
    kind: "sale",
    sort: 90,
    name: {
      en: "Windbreakers",
      de: "Windjacken",
      it: "Giacche antivento",
      nl: "Windjacks",
      be: "Windjacks",
      da: "Vindjakker",
    },
  },
  {
    id: "sweaters",
    appId: "winter",
    kind: "sale",
    sort: 100,
    name: { en: "Sweaters", de: "Pullover", it: "Maglioni", nl: "Truien", be: "Pulls", da: "Trøjer" },
  },
  {
    id: "hats",
    appId: "winter",
    kind: "sale",
    sort: 110,
    name: { en: "Hats", de: "Mützen", it: "Berretti", nl: "Mutsen", be: "Mutsen", da: "Huer" },
  },
  {
    id: "other",
    appId: "winter",
    kind: "sale",
    sort: 120,
    name: { en: "Other", de: "Sonstiges", it: "Altro", nl: "Overig", be: "Andere", da: "Andet" },
  },
  {
    id: "ebike-fully",
    appId: "summer",
    kind: "rental",
    sort: 10,
    name: {
      en: "Full-suspension e-bikes",
      de: "E-Fullys",
      it: "E-bike biammortizzate",
      nl: "Volledig geveerde e-bikes",
      be: "Volledig geveerde e-bikes",
      da: "Fuldaffjedrede elcykler",
    },
  },
  {
    id: "ebike-hardtail",
    appId: "summer",
    kind: "rental",
    sort: 20,
    name: {
      en: "Hardtail e-bikes",
      de: "E-Hardtails",
      it: "E-bike front",
      nl: "Hardtail-e-bikes",
      be: "Hardtail-e-bikes",
      da: "Hardtail-elcykler",
    },
  },
  {
    id: "ebike-junior",
    appId: "summer",
    kind: "rental",
    sort: 30,
    name: {
      en: "Junior e-bikes",
      de: "Kinder- & Jugend-E-Bikes",
      it: "E-bike junior",
      nl: "Junior-e-bikes",
      be: "Junior-e-bikes",
      da: "Junior-elcykler",
    },
  },
  {
    id: "bike-helmets",
    appId: "summer",
    kind: "rental",
    sort: 40,
    name: {
      en: "Bike helmets",
      de: "Fahrradhelme",
      it: "Caschi bici",
      nl: "Fietshelmen",
      be: "Fietshelmen",
      da: "Cykelhjelme",
    },
  },
  {
    id: "bike-accessories",
    appId: "summer",
    kind: "sale",
    sort: 50,
    name: {
      en: "Bike accessories",
      de: "Radzubehör",
      it: "Accessori bici",
      nl: "Fietsaccessoires",
      be: "Fietsaccessoires",
      da: "Cykeltilbehør",
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Items

const range = (from: number, to: number, step = 1): string[] => {
  const out: string[] = [];
  for (let n = from; n <= to; n += step) out.push(String(n));
  return out;
};

const ADULT_BOOTS = range(36, 47);
const CLOTHING = ["XS", "S", "M", "L", "XL", "XXL"];
const HELMET = ["S", "M", "L"];
const KIDS_HELMET = ["XS", "S", "M"];
const EBIKE = ["S", "M", "L", "XL"];
const GLOVES = ["S", "M", "L", "XL"];

const catalogue: DemoItem[] = [
  // --- Ski & snowboard equipment (rental) ---------------------------------------------------
  {
    slug: "ski-easy-carve",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "ski",
    level: "beginner",
    sizes: ["140", "148", "156", "164", "172"],
    sort: 10,
    name: {
      en: "Ski Easy Carve",
      de: "Ski Easy Carve",
      it: "Sci Easy Carve",
      nl: "Ski Easy Carve",
      be: "Ski Easy Carve",
      da: "Ski Easy Carve",
    },
    description: {
      en: "A light, forgiving carving ski for your first days on the slopes. It almost turns by itself and stays calm at gentle speeds.",
      de: "Leichter, fehlerverzeihender Carvingski für die ersten Tage auf der Piste. Dreht fast von allein und bleibt bei gemütlichem Tempo schön ruhig.",
      it: "Sci carving leggero e facile da gestire, ideale per i primi giorni sulle piste. Gira quasi da solo e resta stabile alle velocità più tranquille.",
      nl: "Lichte, vergevingsgezinde carvingski voor je eerste dagen op de piste. Draait bijna vanzelf en blijft rustig bij een lage snelheid.",
      be: "Lichte, vergevingsgezinde carvingski voor uw eerste dagen op de piste. Draait bijna vanzelf en blijft rustig bij een lage snelheid.",
      da: "Let og tilgivende carvingski til dine første dage på pisten. Den drejer nærmest af sig selv og ligger roligt ved lav fart.",
    },
  },
  {
    slug: "ski-all-mountain",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "ski",
    level: "intermediate",
    sizes: ["149", "156", "163", "170", "177"],
    sort: 20,
    name: {
      en: "Ski All-Mountain",
      de: "Ski All-Mountain",
      it: "Sci All-Mountain",
      nl: "Ski All-Mountain",
      be: "Ski All-Mountain",
      da: "Ski All-Mountain",
    },
    description: {
      en: "A versatile all-mountain ski for confident skiers: grippy on groomed runs and just as happy in fresh snow beside the piste.",
      de: "Vielseitiger Allmountain-Ski für sichere Fahrer: griffig auf präparierten Pisten und auch im frischen Schnee neben der Piste zu Hause.",
      it: "Sci all-mountain versatile per sciatori sicuri: preciso sulle piste battute e a suo agio anche nella neve fresca a bordo pista.",
      nl: "Veelzijdige all-mountainski voor zelfverzekerde skiërs: veel grip op geprepareerde pistes en ook thuis in verse sneeuw naast de piste.",
      be: "Veelzijdige all-mountainski voor zelfzekere skiërs: veel grip op geprepareerde pistes en ook thuis in verse sneeuw naast de piste.",
      da: "Alsidig all-mountain-ski til sikre skiløbere: godt greb på præparerede pister og lige så glad for nysne ved siden af pisten.",
    },
  },
  {
    slug: "ski-race-pro",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "ski",
    level: "expert",
    sizes: ["158", "165", "172", "179"],
    sort: 30,
    depositCents: 15000,
    name: {
      en: "Ski Race Pro",
      de: "Ski Race Pro",
      it: "Sci Race Pro",
      nl: "Ski Race Pro",
      be: "Ski Race Pro",
      da: "Ski Race Pro",
    },
    description: {
      en: "A stiff, race-bred carver with razor-sharp edge grip for fast, precise turns on hard pistes. For expert skiers only.",
      de: "Straffer Rennski mit bissigem Kantengriff für schnelle, präzise Schwünge auf harter Piste. Nur für Könner.",
      it: "Sci da gara rigido con un'eccezionale tenuta di spigolo per curve veloci e precise sulle piste dure. Solo per sciatori esperti.",
      nl: "Stijve raceski met scherpe kantgrip voor snelle, precieze bochten op harde pistes. Alleen voor experts.",
      be: "Stijve raceski met scherpe kantgrip voor snelle, precieze bochten op harde pistes. Enkel voor experts.",
      da: "Stiv racercarver med skarpt kantgreb til hurtige, præcise sving på hårde pister. Kun for eksperter.",
    },
  },
  {
    slug: "ski-freeride-powder",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "ski",
    level: "expert",
    sizes: ["170", "178", "186"],
    local: true,
    sort: 40,
    depositCents: 15000,
    name: {
      en: "Ski Freeride Powder",
      de: "Ski Freeride Powder",
      it: "Sci Freeride Powder",
      nl: "Ski Freeride Powder",
      be: "Ski Freeride Powder",
      da: "Ski Freeride Powder",
    },
    description: {
      en: "A wide freeride ski with a rocker tip that floats in deep powder. Rented only at Plan da Sëra, right below the off-piste slopes.",
      de: "Breiter Freerideski mit Rocker-Schaufel, der im tiefen Pulver aufschwimmt. Nur in Plan da Sëra erhältlich, direkt unter den Freeride-Hängen.",
      it: "Sci freeride largo con punta rocker che galleggia nella neve polverosa. Si noleggia solo a Plan da Sëra, proprio sotto i pendii fuoripista.",
      nl: "Brede freerideski met rockerneus die blijft drijven in diepe poedersneeuw. Alleen te huur in Plan da Sëra, vlak onder de off-pistehellingen.",
      be: "Brede freerideski met rockerneus die blijft drijven in diepe poedersneeuw. Enkel te huur in Plan da Sëra, vlak onder de off-pistehellingen.",
      da: "Bred freerideski med rocker i tippen, der flyder ovenpå i dyb puddersne. Kan kun lejes i Plan da Sëra, lige under off-piste-skråningerne.",
    },
  },
  {
    slug: "ski-junior-easy",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "ski",
    level: "beginner",
    sizes: ["80", "90", "100", "110", "120", "130"],
    maxHeightCm: 150,
    maxShoeSize: 36,
    sort: 50,
    name: {
      en: "Kids' ski Easy",
      de: "Kinderski Easy",
      it: "Sci bambino Easy",
      nl: "Kinderski Easy",
      be: "Kinderski Easy",
      da: "Børneski Easy",
    },
    description: {
      en: "A short, soft ski for children learning to ski, up to 150 cm tall. Pairs perfectly with our kids' ski boots.",
      de: "Kurzer, weicher Ski für Kinder, die Skifahren lernen – bis 150 cm Körpergröße. Passt perfekt zu unseren Kinderskischuhen.",
      it: "Sci corto e morbido per i bambini che imparano a sciare, fino a 150 cm di altezza. Perfetto con i nostri scarponi per bambini.",
      nl: "Korte, soepele ski voor kinderen die leren skiën, tot 150 cm lengte. Past perfect bij onze kinderskischoenen.",
      be: "Korte, soepele ski voor kinderen die leren skiën, tot 150 cm groot. Past perfect bij onze kinderskibotten.",
      da: "Kort og blød ski til børn, der lærer at stå på ski, op til 150 cm. Passer perfekt til vores børneskistøvler.",
    },
  },
  {
    slug: "ski-junior-race",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "ski",
    level: "intermediate",
    sizes: ["120", "130", "140", "150"],
    maxHeightCm: 160,
    maxShoeSize: 38,
    sort: 60,
    name: {
      en: "Junior ski Race",
      de: "Jugendski Race",
      it: "Sci junior Race",
      nl: "Juniorski Race",
      be: "Juniorski Race",
      da: "Juniorski Race",
    },
    description: {
      en: "A lively junior carver for young skiers who already master parallel turns, up to 160 cm tall.",
      de: "Spritziger Jugend-Carver für junge Fahrer, die den Parallelschwung schon beherrschen – bis 160 cm Körpergröße.",
      it: "Carving junior vivace per giovani sciatori che padroneggiano già la curva a sci paralleli, fino a 160 cm di altezza.",
      nl: "Levendige juniorcarver voor jonge skiërs die de parallelbocht al beheersen, tot 160 cm lengte.",
      be: "Levendige juniorcarver voor jonge skiërs die de parallelbocht al onder de knie hebben, tot 160 cm groot.",
      da: "Livlig juniorcarver til unge skiløbere, der allerede kan parallelsving, op til 160 cm.",
    },
  },
  {
    slug: "snowboard-easy-ride",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "snowboard",
    level: "beginner",
    sizes: ["140", "145", "150", "155", "160"],
    sort: 70,
    name: {
      en: "Snowboard Easy Ride",
      de: "Snowboard Easy Ride",
      it: "Snowboard Easy Ride",
      nl: "Snowboard Easy Ride",
      be: "Snowboard Easy Ride",
      da: "Snowboard Easy Ride",
    },
    description: {
      en: "A soft board with a flat rocker profile that rarely catches an edge: the easiest way to link your first turns.",
      de: "Weiches, verkantungsarmes Board mit flachem Rocker – so gelingen die ersten Schwünge am leichtesten.",
      it: "Tavola morbida con profilo rocker piatto che perdona gli errori di spigolo: il modo più facile per concatenare le prime curve.",
      nl: "Zacht board met vlak rockerprofiel dat niet snel vastbijt: de makkelijkste manier om je eerste bochten aan elkaar te rijgen.",
      be: "Zacht board met vlak rockerprofiel dat niet snel vastbijt: de gemakkelijkste manier om uw eerste bochten aan elkaar te rijgen.",
      da: "Blødt board med fladt rocker-profil, der tilgiver kantfejl: den nemmeste vej til dine første sammenhængende sving.",
    },
  },
  {
    slug: "snowboard-all-mountain",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "snowboard",
    level: "intermediate",
    sizes: ["146", "150", "154", "158", "162"],
    sort: 80,
    name: {
      en: "Snowboard All-Mountain",
      de: "Snowboard All-Mountain",
      it: "Snowboard All-Mountain",
      nl: "Snowboard All-Mountain",
      be: "Snowboard All-Mountain",
      da: "Snowboard All-Mountain",
    },
    description: {
      en: "A hybrid-camber board that carves cleanly on the piste and stays playful in the park and in powder.",
      de: "Board mit Hybrid-Camber, das auf der Piste sauber carvt und im Park wie im Pulver verspielt bleibt.",
      it: "Tavola hybrid camber che disegna curve pulite in pista e resta giocosa nello snowpark e in neve fresca.",
      nl: "Board met hybride camber dat strak carvet op de piste en speels blijft in het park en in poedersneeuw.",
      be: "Board met hybride camber dat strak carvet op de piste en speels blijft in het park en in poedersneeuw.",
      da: "Board med hybrid camber, der carver rent på pisten og forbliver legesygt i parken og i puddersne.",
    },
  },
  {
    slug: "snowboard-freestyle-pro",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "snowboard",
    level: "expert",
    sizes: ["148", "152", "156", "160"],
    sort: 90,
    name: {
      en: "Snowboard Freestyle Pro",
      de: "Snowboard Freestyle Pro",
      it: "Snowboard Freestyle Pro",
      nl: "Snowboard Freestyle Pro",
      be: "Snowboard Freestyle Pro",
      da: "Snowboard Freestyle Pro",
    },
    description: {
      en: "A poppy twin-tip for riders who spend the whole day in the snowpark: kickers, rails and butters.",
      de: "Spritziges Twin-Tip für alle, die den ganzen Tag im Snowpark verbringen: Kicker, Rails und Butters.",
      it: "Twin tip reattiva per chi passa l'intera giornata nello snowpark: salti, rail e butter.",
      nl: "Explosieve twintip voor riders die de hele dag in het snowpark doorbrengen: kickers, rails en butters.",
      be: "Explosieve twintip voor riders die de hele dag in het snowpark doorbrengen: kickers, rails en butters.",
      da: "Livligt twin tip-board til snowboardere, der tilbringer hele dagen i snowparken: hop, rails og butters.",
    },
  },
  {
    slug: "snowboard-junior",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "snowboard",
    level: "beginner",
    sizes: ["110", "120", "130", "140"],
    maxHeightCm: 150,
    maxShoeSize: 36,
    sort: 100,
    name: {
      en: "Kids' snowboard",
      de: "Kindersnowboard",
      it: "Snowboard bambino",
      nl: "Kindersnowboard",
      be: "Kindersnowboard",
      da: "Børnesnowboard",
    },
    description: {
      en: "A light, soft board for young beginners up to 150 cm tall, with bindings that are easy to use.",
      de: "Leichtes, weiches Board für junge Anfänger bis 150 cm, mit einfach zu bedienender Bindung.",
      it: "Tavola leggera e morbida per piccoli principianti fino a 150 cm, con attacchi facili da usare.",
      nl: "Licht, zacht board voor jonge beginners tot 150 cm, met bindingen die makkelijk vast te klikken zijn.",
      be: "Licht, zacht board voor jonge beginners tot 150 cm, met bindingen die gemakkelijk vast te klikken zijn.",
      da: "Let og blødt board til unge begyndere op til 150 cm med bindinger, der er nemme at bruge.",
    },
  },
  {
    slug: "ski-boots-comfort",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "boot",
    sizes: ADULT_BOOTS,
    sort: 110,
    name: {
      en: "Ski boots Comfort",
      de: "Skischuhe Comfort",
      it: "Scarponi da sci Comfort",
      nl: "Skischoenen Comfort",
      be: "Skibotten Comfort",
      da: "Skistøvler Comfort",
    },
    description: {
      en: "Warm ski boots with a soft flex and a roomy fit, comfortable from the first run to the last.",
      de: "Warme Skischuhe mit weichem Flex und großzügiger Passform – bequem von der ersten bis zur letzten Abfahrt.",
      it: "Scarponi caldi con flex morbido e calzata ampia, comodi dalla prima all'ultima discesa.",
      nl: "Warme skischoenen met een zachte flex en ruime pasvorm, comfortabel van de eerste tot de laatste afdaling.",
      be: "Warme skibotten met een zachte flex en ruime pasvorm, comfortabel van de eerste tot de laatste afdaling.",
      da: "Varme skistøvler med blød flex og rummelig pasform – behagelige fra første til sidste nedfart.",
    },
  },
  {
    slug: "ski-boots-sport",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "boot",
    level: "expert",
    sizes: range(38, 46),
    sort: 120,
    name: {
      en: "Ski boots Sport",
      de: "Skischuhe Sport",
      it: "Scarponi da sci Sport",
      nl: "Skischoenen Sport",
      be: "Skibotten Sport",
      da: "Skistøvler Sport",
    },
    description: {
      en: "A stiff sports boot with a snug fit for direct power transmission. Recommended with the Ski Race Pro.",
      de: "Sportlicher Skischuh mit hohem Flex und enger Passform für direkte Kraftübertragung. Ideal zum Ski Race Pro.",
      it: "Scarpone sportivo rigido con calzata avvolgente per una trasmissione diretta della spinta. Ideale con lo sci Race Pro.",
      nl: "Stijve, sportieve skischoen met nauwsluitende pasvorm voor directe krachtoverbrenging. Aanbevolen bij de Ski Race Pro.",
      be: "Stijve, sportieve skibot met nauwsluitende pasvorm voor directe krachtoverbrenging. Aanbevolen bij de Ski Race Pro.",
      da: "Stiv sportsstøvle med tætsiddende pasform for direkte kraftoverførsel. Anbefales sammen med Ski Race Pro.",
    },
  },
  {
    slug: "ski-boots-junior",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "boot",
    sizes: range(26, 36),
    maxShoeSize: 36,
    sort: 130,
    name: {
      en: "Kids' ski boots",
      de: "Kinderskischuhe",
      it: "Scarponi da sci bambino",
      nl: "Kinderskischoenen",
      be: "Kinderskibotten",
      da: "Børneskistøvler",
    },
    description: {
      en: "Easy-entry ski boots for children with a single buckle, EU sizes 26 to 36.",
      de: "Kinderskischuhe mit großem Einstieg und nur einer Schnalle, Größen EU 26 bis 36.",
      it: "Scarponi per bambini facili da calzare, con chiusura a una sola leva, misure EU dalla 26 alla 36.",
      nl: "Kinderskischoenen met brede instap en één gesp, maten EU 26 tot 36.",
      be: "Kinderskibotten met brede instap en één gesp, maten EU 26 tot 36.",
      da: "Børneskistøvler med nem indstigning og ét spænde, str. EU 26 til 36.",
    },
  },
  {
    slug: "snowboard-boots",
    appId: "winter",
    categoryId: "ski-snowboard",
    kind: "rental",
    sizing: "boot",
    sizes: ADULT_BOOTS,
    sort: 140,
    name: {
      en: "Snowboard boots",
      de: "Snowboardboots",
      it: "Scarponi da snowboard",
      nl: "Snowboardschoenen",
      be: "Snowboardbotten",
      da: "Snowboardstøvler",
    },
    description: {
      en: "Medium-flex snowboard boots with a quick-lace system: on and off in seconds, even with gloves on.",
      de: "Snowboardboots mit mittlerem Flex und Schnellschnürung: in Sekunden an- und ausgezogen, sogar mit Handschuhen.",
      it: "Scarponi da snowboard a flex medio con allacciatura rapida: si mettono e si tolgono in pochi secondi, anche con i guanti.",
      nl: "Snowboardschoenen met middelharde flex en snelveter: in enkele seconden aan en uit, zelfs met handschoenen aan.",
      be: "Snowboardbotten met middelharde flex en snelveter: in enkele seconden aan en uit, zelfs met handschoenen aan.",
      da: "Snowboardstøvler med medium flex og hurtigsnøring: på og af på få sekunder, selv med handsker på.",
    },
  },

  // --- Goggles & helmets ----------------------------------------------------------------------
  {
    slug: "ski-helmet",
    appId: "winter",
    categoryId: "goggles-helmets",
    kind: "rental",
    sizing: "helmet",
    sizes: HELMET,
    sort: 10,
    name: { en: "Ski helmet", de: "Skihelm", it: "Casco da sci", nl: "Skihelm", be: "Skihelm", da: "Skihjelm" },
    description: {
      en: "A certified ski helmet with an adjustable fit and removable ear pads, disinfected after every rental.",
      de: "Zertifizierter Skihelm mit verstellbarer Passform und abnehmbaren Ohrpolstern, nach jeder Miete desinfiziert.",
      it: "Casco da sci certificato con calzata regolabile e paraorecchie removibili, igienizzato dopo ogni noleggio.",
      nl: "Gecertificeerde skihelm met verstelbare pasvorm en afneembare oorkussens, na elke verhuur ontsmet.",
      be: "Gecertificeerde skihelm met verstelbare pasvorm en afneembare oorkussentjes, na elke verhuring ontsmet.",
      da: "Certificeret skihjelm med justerbar pasform og aftagelige ørepuder, desinficeres efter hver udlejning.",
    },
  },
  {
    slug: "ski-helmet-kids",
    appId: "winter",
    categoryId: "goggles-helmets",
    kind: "rental",
    sizing: "helmet",
    sizes: KIDS_HELMET,
    maxHeightCm: 160,
    sort: 20,
    name: {
      en: "Kids' ski helmet",
      de: "Kinderskihelm",
      it: "Casco da sci bambino",
      nl: "Kinderskihelm",
      be: "Kinderskihelm",
      da: "Børneskihjelm",
    },
    description: {
      en: "A light children's helmet in bright colours, easy to adjust with the dial at the back.",
      de: "Leichter Kinderhelm in leuchtenden Farben, mit dem Drehrad am Hinterkopf einfach anzupassen.",
      it: "Casco leggero per bambini in colori vivaci, facile da regolare con la rotella posteriore.",
      nl: "Lichte kinderhelm in felle kleuren, eenvoudig passend te maken met het draaiwieltje achteraan.",
      be: "Lichte kinderhelm in felle kleuren, eenvoudig passend te maken met het draaiwieltje achteraan.",
      da: "Let børnehjelm i klare farver, nem at tilpasse med hjulet bagpå.",
    },
  },
  {
    slug: "goggles-vista",
    appId: "winter",
    categoryId: "goggles-helmets",
    kind: "sale",
    priceCents: 7900,
    sort: 30,
    name: {
      en: "Ski goggles Vista",
      de: "Skibrille Vista",
      it: "Maschera da sci Vista",
      nl: "Skibril Vista",
      be: "Skibril Vista",
      da: "Skibriller Vista",
    },
    description: {
      en: "Frameless ski goggles with a wide cylindrical lens, anti-fog coating and UV400 protection.",
      de: "Rahmenlose Skibrille mit großem Zylinderglas, Antibeschlag-Beschichtung und UV400-Schutz.",
      it: "Maschera da sci senza montatura con lente cilindrica panoramica, trattamento antiappannamento e protezione UV400.",
      nl: "Randloze skibril met grote cilindrische lens, anticondenslaag en UV400-bescherming.",
      be: "Randloze skibril met grote cilindrische lens, anticondenslaag en UV400-bescherming.",
      da: "Rammeløse skibriller med stort cylindrisk glas, antidug-belægning og UV400-beskyttelse.",
    },
  },
  {
    slug: "goggles-kids",
    appId: "winter",
    categoryId: "goggles-helmets",
    kind: "sale",
    priceCents: 3900,
    sort: 40,
    name: {
      en: "Kids' ski goggles",
      de: "Kinderskibrille",
      it: "Maschera da sci bambino",
      nl: "Kinderskibril",
      be: "Kinderskibril",
      da: "Børneskibriller",
    },
    description: {
      en: "Kids' goggles with a double lens and soft foam that also fit over small glasses.",
      de: "Kinderskibrille mit Doppelscheibe und weichem Schaumstoff, passt auch über kleine Brillen.",
      it: "Maschera per bambini con doppia lente e spugna morbida, indossabile anche sopra occhiali piccoli.",
      nl: "Kinderskibril met dubbele lens en zacht schuim, past ook over een kleine bril.",
      be: "Kinderskibril met dubbele lens en zacht schuim, past ook over een kleine bril.",
      da: "Børneskibriller med dobbelt glas og blødt skum, der også passer over små briller.",
    },
  },
  {
    slug: "ski-helmet-mips",
    appId: "winter",
    categoryId: "goggles-helmets",
    kind: "sale",
    sizing: "helmet",
    sizes: HELMET,
    priceCents: 12900,
    sort: 50,
    name: {
      en: "Ski helmet MIPS",
      de: "Skihelm MIPS",
      it: "Casco da sci MIPS",
      nl: "Skihelm MIPS",
      be: "Skihelm MIPS",
      da: "Skihjelm MIPS",
    },
    description: {
      en: "A lightweight in-mould helmet with MIPS rotational protection, a goggle clip and ten adjustable vents.",
      de: "Leichter In-Mould-Helm mit MIPS-Rotationsschutz, Brillenclip und zehn regulierbaren Belüftungsöffnungen.",
      it: "Casco leggero in-mould con protezione rotazionale MIPS, clip per la maschera e dieci prese d'aria regolabili.",
      nl: "Lichte in-mouldhelm met MIPS-rotatiebescherming, brilclip en tien verstelbare ventilatieopeningen.",
      be: "Lichte in-mouldhelm met MIPS-rotatiebescherming, brilclip en tien regelbare verluchtingsopeningen.",
      da: "Let in-mould-hjelm med MIPS-rotationsbeskyttelse, brilleclips og ti justerbare ventilationshuller.",
    },
  },

  // --- Sledding & bobsleigh (rental) ----------------------------------------------------------
  {
    slug: "sled-wooden",
    appId: "winter",
    categoryId: "sledding",
    kind: "rental",
    sort: 10,
    name: {
      en: "Wooden sled",
      de: "Holzrodel",
      it: "Slittino in legno",
      nl: "Houten slee",
      be: "Houten slee",
      da: "Trækælk",
    },
    description: {
      en: "A traditional ash-wood sled for two, hand-built in the valley. Perfect for the floodlit sledge run above Runcadoz.",
      de: "Traditionelle Rodel aus Eschenholz für zwei, im Tal von Hand gebaut. Ideal für die beleuchtete Rodelbahn oberhalb von Runcadoz.",
      it: "Slittino tradizionale in frassino per due persone, costruito a mano in valle. Perfetto per la pista illuminata sopra Runcadoz.",
      nl: "Traditionele slee van essenhout voor twee personen, met de hand gebouwd in het dal. Ideaal voor de verlichte sleebaan boven Runcadoz.",
      be: "Traditionele slee van essenhout voor twee personen, met de hand gemaakt in de vallei. Ideaal voor de verlichte sleebaan boven Runcadoz.",
      da: "Traditionel kælk i asketræ til to personer, håndbygget i dalen. Perfekt til den oplyste kælkebakke over Runcadoz.",
    },
  },
  {
    slug: "bob-kids",
    appId: "winter",
    categoryId: "sledding",
    kind: "rental",
    maxHeightCm: 140,
    sort: 20,
    name: {
      en: "Kids' bob",
      de: "Kinderbob",
      it: "Bob per bambini",
      nl: "Kinderbob",
      be: "Kinderbob",
      da: "Børnebob",
    },
    description: {
      en: "A sturdy plastic bob with steering and brakes for children up to 140 cm tall.",
      de: "Robuster Kunststoffbob mit Lenkung und Bremsen für Kinder bis 140 cm.",
      it: "Robusto bob in plastica con sterzo e freni per bambini fino a 140 cm.",
      nl: "Stevige plastic bob met stuur en remmen voor kinderen tot 140 cm.",
      be: "Stevige plastic bob met stuur en remmen voor kinderen tot 140 cm.",
      da: "Robust plastikbob med styr og bremser til børn op til 140 cm.",
    },
  },
  {
    slug: "sled-racing",
    appId: "winter",
    categoryId: "sledding",
    kind: "rental",
    level: "expert",
    sort: 30,
    name: {
      en: "Racing sled",
      de: "Sportrodel",
      it: "Slittino da corsa",
      nl: "Sportslee",
      be: "Sportslee",
      da: "Sportskælk",
    },
    description: {
      en: "A light sport luge with steel runners and a flexible seat, for expert sledders who like it fast.",
      de: "Leichte Sportrodel mit Stahlkufen und flexiblem Sitz, für Rodel-Könner, die es gern schnell mögen.",
      it: "Slittino sportivo leggero con pattini in acciaio e sedile flessibile, per slittinisti esperti che amano la velocità.",
      nl: "Lichte sportslee met stalen glijders en een flexibele zitting, voor experts op de slee die van snelheid houden.",
      be: "Lichte sportslee met stalen glijders en een flexibele zitting, voor experts op de slee die van snelheid houden.",
      da: "Let sportskælk med stålmeder og fleksibelt sæde til kælkeeksperter, der kan lide fart.",
    },
  },

  // --- Ski & board service (service) ----------------------------------------------------------
  {
    slug: "service-waxing",
    appId: "winter",
    categoryId: "ski-service",
    kind: "service",
    priceCents: 2500,
    sort: 10,
    name: {
      en: "Hot waxing",
      de: "Heißwachs",
      it: "Sciolinatura a caldo",
      nl: "Warme waxbeurt",
      be: "Warme waxbeurt",
      da: "Varmvoksning",
    },
    description: {
      en: "Hot wax for skis or a snowboard, ready for pickup the next morning.",
      de: "Heißwachs für Ski oder Snowboard, am nächsten Morgen abholbereit.",
      it: "Sciolinatura a caldo per sci o snowboard, pronti da ritirare la mattina successiva.",
      nl: "Warme wax voor ski's of snowboard, de volgende ochtend klaar om op te halen.",
      be: "Warme wax voor ski's of snowboard, de volgende ochtend klaar om af te halen.",
      da: "Varmvoks til ski eller snowboard, klar til afhentning næste morgen.",
    },
  },
  {
    slug: "service-edges",
    appId: "winter",
    categoryId: "ski-service",
    kind: "service",
    priceCents: 2900,
    sort: 20,
    name: {
      en: "Edge sharpening",
      de: "Kantenschliff",
      it: "Affilatura lamine",
      nl: "Kanten slijpen",
      be: "Kanten slijpen",
      da: "Kantslibning",
    },
    description: {
      en: "Machine edge sharpening at the angle you choose, for better grip on icy slopes.",
      de: "Maschineller Kantenschliff im gewünschten Winkel für mehr Halt auf eisigen Pisten.",
      it: "Affilatura delle lamine a macchina con l'angolo che preferisci, per una tenuta migliore sul ghiaccio.",
      nl: "Machinaal kanten slijpen onder de gewenste hoek, voor meer grip op ijzige pistes.",
      be: "Machinaal kanten slijpen onder de gewenste hoek, voor meer grip op ijzige pistes.",
      da: "Maskinel kantslibning i den ønskede vinkel for bedre greb på isede pister.",
    },
  },
  {
    slug: "service-full",
    appId: "winter",
    categoryId: "ski-service",
    kind: "service",
    priceCents: 4900,
    sort: 30,
    name: {
      en: "Full service",
      de: "Komplettservice",
      it: "Servizio completo",
      nl: "Complete onderhoudsbeurt",
      be: "Volledig onderhoud",
      da: "Komplet service",
    },
    description: {
      en: "Base grind, edge sharpening and hot wax in one go: your skis or board will ride like new.",
      de: "Belagschliff, Kantenschliff und Heißwachs in einem Durchgang – Ski oder Board fahren sich wie neu.",
      it: "Rettifica della soletta, affilatura delle lamine e sciolinatura a caldo in un unico servizio: sci o tavola tornano come nuovi.",
      nl: "Zool slijpen, kanten slijpen en warme wax in één beurt: je ski's of board glijden weer als nieuw.",
      be: "Zool slijpen, kanten slijpen en warme wax in één beurt: uw ski's of board zijn weer als nieuw.",
      da: "Slibning af belægningen, kantslibning og varmvoks på én gang – dine ski eller dit board kører som nye.",
    },
  },
  {
    slug: "service-base-repair",
    appId: "winter",
    categoryId: "ski-service",
    kind: "service",
    priceCents: 3500,
    sort: 40,
    name: {
      en: "Base repair",
      de: "Belagsreparatur",
      it: "Riparazione soletta",
      nl: "Zoolreparatie",
      be: "Zoolherstelling",
      da: "Reparation af belægning",
    },
    description: {
      en: "Repair of scratches and core shots in the base with P-Tex, followed by a finishing grind.",
      de: "Reparatur von Kratzern und tiefen Belagschäden mit P-Tex und abschließendem Schliff.",
      it: "Riparazione di graffi e buchi profondi nella soletta con P-Tex e rettifica finale.",
      nl: "Reparatie van krassen en diepe beschadigingen in de zool met P-Tex en een afwerkende slijpbeurt.",
      be: "Herstelling van krassen en diepe beschadigingen in de zool met P-Tex en een afwerkende slijpbeurt.",
      da: "Reparation af ridser og dybe skader i belægningen med P-Tex og afsluttende slibning.",
    },
  },
  {
    slug: "service-binding-check",
    appId: "winter",
    categoryId: "ski-service",
    kind: "service",
    priceCents: 1500,
    sort: 50,
    name: {
      en: "Binding adjustment",
      de: "Bindungseinstellung",
      it: "Regolazione attacchi",
      nl: "Binding afstellen",
      be: "Binding afstellen",
      da: "Justering af bindinger",
    },
    description: {
      en: "Release values set and tested to the ISO standard for your weight and level.",
      de: "Auslösewerte der Bindung nach ISO-Norm passend zu Gewicht und Können eingestellt und geprüft.",
      it: "Valori di sgancio degli attacchi regolati e testati secondo la norma ISO in base al tuo peso e al tuo livello.",
      nl: "Ontkoppelwaarden van je bindingen volgens de ISO-norm afgesteld en getest op je gewicht en niveau.",
      be: "Ontkoppelingswaarden van uw bindingen volgens de ISO-norm afgesteld en getest op uw gewicht en niveau.",
      da: "Udløserværdierne indstilles og testes efter ISO-standarden til din vægt og dit niveau.",
    },
  },

  // --- Storage & depot (depot) ----------------------------------------------------------------
  {
    slug: "depot-locker-day",
    appId: "winter",
    categoryId: "depot",
    kind: "depot",
    sort: 10,
    name: {
      en: "Heated locker, per day",
      de: "Beheiztes Depotfach, pro Tag",
      it: "Armadietto riscaldato, giornaliero",
      nl: "Verwarmd kluisje, per dag",
      be: "Verwarmd kluisje, per dag",
      da: "Opvarmet skiskab, pr. dag",
    },
    description: {
      en: "A heated locker for skis, poles and boots, so your boots are warm and dry the next morning.",
      de: "Beheiztes Fach für Ski, Stöcke und Schuhe – am nächsten Morgen sind die Skischuhe warm und trocken.",
      it: "Armadietto riscaldato per sci, bastoncini e scarponi: la mattina dopo gli scarponi sono caldi e asciutti.",
      nl: "Verwarmd kluisje voor ski's, stokken en schoenen: de volgende ochtend zijn je skischoenen warm en droog.",
      be: "Verwarmd kluisje voor ski's, stokken en botten: de volgende ochtend zijn uw skibotten warm en droog.",
      da: "Opvarmet skab til ski, stave og støvler – næste morgen er dine skistøvler varme og tørre.",
    },
  },
  {
    slug: "depot-locker-season",
    appId: "winter",
    categoryId: "depot",
    kind: "depot",
    priceCents: 17500,
    sort: 20,
    name: {
      en: "Heated locker, whole season",
      de: "Beheiztes Depotfach, ganze Saison",
      it: "Armadietto riscaldato, stagionale",
      nl: "Verwarmd kluisje, heel seizoen",
      be: "Verwarmd kluisje, heel het seizoen",
      da: "Opvarmet skiskab, hele sæsonen",
    },
    description: {
      en: "Your own heated locker from December to April, with a personal key card.",
      de: "Ein eigenes beheiztes Fach von Dezember bis April, mit persönlicher Schlüsselkarte.",
      it: "Il tuo armadietto riscaldato da dicembre ad aprile, con tessera personale.",
      nl: "Je eigen verwarmde kluisje van december tot april, met persoonlijke sleutelkaart.",
      be: "Uw eigen verwarmde kluisje van december tot april, met persoonlijke sleutelkaart.",
      da: "Dit eget opvarmede skab fra december til april med personligt nøglekort.",
    },
  },

  // --- Clothing (sale) ------------------------------------------------------------------------
  {
    slug: "ski-jacket-freina",
    appId: "winter",
    categoryId: "clothing",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 22900,
    sort: 10,
    name: {
      en: "Ski jacket Frëina",
      de: "Skijacke Frëina",
      it: "Giacca da sci Frëina",
      nl: "Skijas Frëina",
      be: "Skijas Frëina",
      da: "Skijakke Frëina",
    },
    description: {
      en: "A waterproof, breathable ski jacket (20,000 mm) with a powder skirt and a helmet-compatible hood.",
      de: "Wasserdichte, atmungsaktive Skijacke (20.000 mm) mit Schneefang und helmtauglicher Kapuze.",
      it: "Giacca da sci impermeabile e traspirante (20.000 mm) con ghetta paraneve e cappuccio compatibile con il casco.",
      nl: "Waterdichte, ademende skijas (20.000 mm) met sneeuwvanger en een capuchon die over de helm past.",
      be: "Waterdichte, ademende skijas (20.000 mm) met sneeuwvanger en een kap die over de helm past.",
      da: "Vandtæt og åndbar skijakke (20.000 mm) med snefang og hætte, der passer over hjelmen.",
    },
  },
  {
    slug: "ski-pants-freina",
    appId: "winter",
    categoryId: "clothing",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 17900,
    sort: 20,
    name: {
      en: "Ski pants Frëina",
      de: "Skihose Frëina",
      it: "Pantaloni da sci Frëina",
      nl: "Skibroek Frëina",
      be: "Skibroek Frëina",
      da: "Skibukser Frëina",
    },
    description: {
      en: "Insulated ski pants with reinforced edge guards, ventilation zips and an adjustable waist.",
      de: "Wattierte Skihose mit verstärktem Kantenschutz, Belüftungsreißverschlüssen und verstellbarem Bund.",
      it: "Pantaloni da sci imbottiti con rinforzi paralamine, zip di ventilazione e vita regolabile.",
      nl: "Gevoerde skibroek met verstevigde kantbescherming, ventilatieritsen en verstelbare tailleband.",
      be: "Gevoerde skibroek met verstevigde kantbescherming, verluchtingsritsen en verstelbare tailleband.",
      da: "Forede skibukser med forstærket kantbeskyttelse, ventilationslynlåse og justerbar talje.",
    },
  },
  {
    slug: "base-layer-merino",
    appId: "winter",
    categoryId: "clothing",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 6900,
    sort: 30,
    name: {
      en: "Merino base layer",
      de: "Merino-Funktionsshirt",
      it: "Maglia termica in merino",
      nl: "Merino thermoshirt",
      be: "Merino thermoshirt",
      da: "Merino-undertrøje",
    },
    description: {
      en: "A long-sleeved base layer in fine merino wool: warm, soft and odour-resistant, even after several days on the slopes.",
      de: "Langarm-Funktionsshirt aus feiner Merinowolle: warm, weich und geruchshemmend, auch nach mehreren Skitagen.",
      it: "Maglia termica a maniche lunghe in lana merino fine: calda, morbida e antiodore anche dopo più giorni sulle piste.",
      nl: "Thermoshirt met lange mouwen van fijne merinowol: warm, zacht en geurwerend, ook na meerdere dagen op de piste.",
      be: "Thermoshirt met lange mouwen van fijne merinowol: warm, zacht en geurwerend, ook na meerdere dagen op de piste.",
      da: "Langærmet undertrøje i fin merinould: varm, blød og lugthæmmende, også efter flere dage på pisten.",
    },
  },
  {
    slug: "ski-socks",
    appId: "winter",
    categoryId: "clothing",
    kind: "sale",
    sizes: ["35-38", "39-42", "43-46"],
    priceCents: 2490,
    sort: 40,
    name: {
      en: "Ski socks",
      de: "Skisocken",
      it: "Calze da sci",
      nl: "Skisokken",
      be: "Skikousen",
      da: "Skistrømper",
    },
    description: {
      en: "Padded ski socks in a merino blend, shaped for the left and right foot.",
      de: "Gepolsterte Skisocken mit Merinoanteil, anatomisch geformt für links und rechts.",
      it: "Calze da sci imbottite in misto merino, sagomate per il piede destro e sinistro.",
      nl: "Gepolsterde skisokken met merinowol, anatomisch gevormd voor links en rechts.",
      be: "Gevoerde skikousen met merinowol, anatomisch gevormd voor de linker- en de rechtervoet.",
      da: "Polstrede skistrømper med merinould, formet til venstre og højre fod.",
    },
  },
  {
    slug: "ski-gloves",
    appId: "winter",
    categoryId: "clothing",
    kind: "sale",
    sizing: "clothing",
    sizes: GLOVES,
    priceCents: 3900,
    sort: 50,
    name: {
      en: "Ski gloves",
      de: "Skihandschuhe",
      it: "Guanti da sci",
      nl: "Skihandschoenen",
      be: "Skihandschoenen",
      da: "Skihandsker",
    },
    description: {
      en: "Warm, waterproof ski gloves with a leather palm and a wrist leash.",
      de: "Warme, wasserdichte Skihandschuhe mit Lederinnenhand und Handgelenkschlaufe.",
      it: "Guanti da sci caldi e impermeabili con palmo in pelle e laccio da polso.",
      nl: "Warme, waterdichte skihandschoenen met leren handpalm en polslus.",
      be: "Warme, waterdichte skihandschoenen met leren handpalm en polslus.",
      da: "Varme, vandtætte skihandsker med læderhåndflade og håndledsstrop.",
    },
  },

  // --- Shoes (sale) ---------------------------------------------------------------------------
  {
    slug: "apres-ski-boots",
    appId: "winter",
    categoryId: "shoes",
    kind: "sale",
    sizing: "boot",
    sizes: range(36, 46),
    priceCents: 11900,
    sort: 10,
    name: {
      en: "Après-ski boots",
      de: "Après-Ski-Stiefel",
      it: "Doposci",
      nl: "Après-skilaarzen",
      be: "Après-skibotten",
      da: "Afterski-støvler",
    },
    description: {
      en: "Warm, lined après-ski boots with a non-slip sole for snowy village streets.",
      de: "Warm gefütterte Après-Ski-Stiefel mit rutschfester Sohle für verschneite Dorfstraßen.",
      it: "Doposci caldi e foderati con suola antiscivolo per le vie innevate del paese.",
      nl: "Warm gevoerde après-skilaarzen met antislipzool voor besneeuwde dorpsstraatjes.",
      be: "Warm gevoerde après-skibotten met antislipzool voor besneeuwde dorpsstraatjes.",
      da: "Varmt forede afterski-støvler med skridsikker sål til snedækkede landsbygader.",
    },
  },
  {
    slug: "winter-hiking-shoes",
    appId: "winter",
    categoryId: "shoes",
    kind: "sale",
    sizing: "boot",
    sizes: range(36, 46),
    priceCents: 14900,
    sort: 20,
    name: {
      en: "Winter hiking shoes",
      de: "Winterwanderschuhe",
      it: "Scarpe da escursionismo invernale",
      nl: "Winterwandelschoenen",
      be: "Winterwandelschoenen",
      da: "Vintervandresko",
    },
    description: {
      en: "Waterproof mid-cut hiking shoes with a grippy winter sole for snowshoe and winter trails.",
      de: "Wasserdichte, halbhohe Wanderschuhe mit griffiger Wintersohle für Schneeschuh- und Winterwanderwege.",
      it: "Scarpe da escursionismo a collo medio, impermeabili, con suola invernale aderente per ciaspolate e sentieri innevati.",
      nl: "Waterdichte halfhoge wandelschoenen met een stroeve winterzool voor sneeuwschoen- en winterwandelpaden.",
      be: "Waterdichte halfhoge wandelschoenen met een stroeve winterzool voor sneeuwschoen- en winterwandelpaden.",
      da: "Vandtætte, halvhøje vandresko med skridsikker vintersål til snesko- og vintervandrestier.",
    },
  },

  // --- Backpacks (sale) -----------------------------------------------------------------------
  {
    slug: "backpack-freeride-22",
    appId: "winter",
    categoryId: "backpacks",
    kind: "sale",
    priceCents: 8900,
    sort: 10,
    name: {
      en: "Freeride backpack 22 l",
      de: "Freeride-Rucksack 22 l",
      it: "Zaino freeride 22 l",
      nl: "Freeriderugzak 22 l",
      be: "Freeriderugzak 22 l",
      da: "Freeride-rygsæk 22 l",
    },
    description: {
      en: "A 22-litre backpack with a separate pocket for shovel and probe, ski carry straps and a hydration sleeve.",
      de: "22-Liter-Rucksack mit eigenem Fach für Schaufel und Sonde, Skihalterung und Trinksystemfach.",
      it: "Zaino da 22 litri con tasca separata per pala e sonda, porta-sci e alloggiamento per sacca idrica.",
      nl: "Rugzak van 22 liter met apart vak voor schep en sonde, skibevestiging en een vak voor een drinksysteem.",
      be: "Rugzak van 22 liter met apart vak voor schop en sonde, skibevestiging en een vak voor een drinksysteem.",
      da: "Rygsæk på 22 liter med separat lomme til skovl og sonde, skibærestropper og lomme til drikkesystem.",
    },
  },
  {
    slug: "daypack-15",
    appId: "winter",
    categoryId: "backpacks",
    kind: "sale",
    priceCents: 4900,
    sort: 20,
    name: {
      en: "Daypack 15 l",
      de: "Tagesrucksack 15 l",
      it: "Zainetto 15 l",
      nl: "Dagrugzak 15 l",
      be: "Dagrugzak 15 l",
      da: "Dagsrygsæk 15 l",
    },
    description: {
      en: "A compact 15-litre daypack for the slopes and the village, with a fleece-lined goggle pocket.",
      de: "Kompakter 15-Liter-Tagesrucksack für Piste und Dorf, mit fleecegefüttertem Brillenfach.",
      it: "Zainetto compatto da 15 litri per le piste e il paese, con tasca per la maschera foderata in pile.",
      nl: "Compacte dagrugzak van 15 liter voor de piste en het dorp, met een met fleece gevoerd vakje voor je skibril.",
      be: "Compacte dagrugzak van 15 liter voor de piste en het dorp, met een met fleece gevoerd vakje voor uw skibril.",
      da: "Kompakt dagsrygsæk på 15 liter til pisten og byen med fleeceforet lomme til skibrillerne.",
    },
  },

  // --- Windbreakers (sale) --------------------------------------------------------------------
  {
    slug: "windbreaker-light",
    appId: "winter",
    categoryId: "windbreakers",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 8900,
    sort: 10,
    name: {
      en: "Windbreaker Light",
      de: "Windjacke Light",
      it: "Giacca antivento Light",
      nl: "Windjack Light",
      be: "Windjack Light",
      da: "Vindjakke Light",
    },
    description: {
      en: "An ultralight, packable windbreaker that folds into its own chest pocket.",
      de: "Ultraleichte Windjacke, die sich in der eigenen Brusttasche verstauen lässt.",
      it: "Giacca antivento ultraleggera che si ripiega nella sua tasca sul petto.",
      nl: "Ultralicht windjack dat je opvouwt in zijn eigen borstzak.",
      be: "Ultralicht windjack dat u opplooit in zijn eigen borstzak.",
      da: "Ultralet vindjakke, der kan pakkes ned i sin egen brystlomme.",
    },
  },
  {
    slug: "softshell-jacket",
    appId: "winter",
    categoryId: "windbreakers",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 12900,
    sort: 20,
    name: {
      en: "Softshell jacket",
      de: "Softshelljacke",
      it: "Giacca softshell",
      nl: "Softshelljack",
      be: "Softshelljack",
      da: "Softshelljakke",
    },
    description: {
      en: "A windproof, water-repellent stretch softshell for ski touring and winter hikes.",
      de: "Winddichte, wasserabweisende Softshelljacke mit Stretch für Skitouren und Winterwanderungen.",
      it: "Softshell antivento e idrorepellente, elasticizzata, per lo scialpinismo e le escursioni invernali.",
      nl: "Winddicht, waterafstotend softshelljack met stretch voor toerskiën en winterwandelingen.",
      be: "Winddicht, waterafstotend softshelljack met stretch voor toerskiën en winterwandelingen.",
      da: "Vindtæt, vandafvisende softshell med stretch til skiture og vintervandring.",
    },
  },

  // --- Sweaters (sale) ------------------------------------------------------------------------
  {
    slug: "sweater-wool-ladin",
    appId: "winter",
    categoryId: "sweaters",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 11900,
    sort: 10,
    name: {
      en: "Ladin wool sweater",
      de: "Ladinischer Wollpullover",
      it: "Maglione di lana ladino",
      nl: "Ladinische wollen trui",
      be: "Ladinische wollen pull",
      da: "Ladinsk uldsweater",
    },
    description: {
      en: "A chunky knitted sweater in local sheep's wool with the traditional Ladin star pattern.",
      de: "Grobstrickpullover aus heimischer Schafwolle mit traditionellem ladinischem Sternmuster.",
      it: "Maglione a maglia grossa in lana di pecora locale con il tradizionale motivo a stella ladino.",
      nl: "Grofgebreide trui van lokale schapenwol met het traditionele Ladinische stermotief.",
      be: "Grofgebreide pull van lokale schapenwol met het traditionele Ladinische stermotief.",
      da: "Grovstrikket sweater i lokal fåreuld med det traditionelle ladinske stjernemønster.",
    },
  },
  {
    slug: "fleece-midlayer",
    appId: "winter",
    categoryId: "sweaters",
    kind: "sale",
    sizing: "clothing",
    sizes: CLOTHING,
    priceCents: 6900,
    sort: 20,
    name: {
      en: "Fleece midlayer",
      de: "Fleece-Midlayer",
      it: "Pile intermedio",
      nl: "Fleecetrui",
      be: "Fleecepull",
      da: "Fleecetrøje",
    },
    description: {
      en: "A warm grid fleece with a half zip, the ideal middle layer under any ski jacket.",
      de: "Warmes Gitterfleece mit halbem Reißverschluss – die ideale Zwischenschicht unter jeder Skijacke.",
      it: "Pile caldo a griglia con mezza zip, lo strato intermedio ideale sotto qualsiasi giacca da sci.",
      nl: "Warme gridfleece met halve rits, de ideale tussenlaag onder elke skijas.",
      be: "Warme gridfleece met halve rits, de ideale tussenlaag onder elke skijas.",
      da: "Varm grid-fleece med halv lynlås – det ideelle mellemlag under enhver skijakke.",
    },
  },

  // --- Hats (sale) ----------------------------------------------------------------------------
  {
    slug: "beanie-freina",
    appId: "winter",
    categoryId: "hats",
    kind: "sale",
    priceCents: 2900,
    sort: 10,
    name: {
      en: "Beanie Frëina",
      de: "Mütze Frëina",
      it: "Berretto Frëina",
      nl: "Muts Frëina",
      be: "Muts Frëina",
      da: "Hue Frëina",
    },
    description: {
      en: "A knitted beanie with a fleece lining and an embroidered edelweiss.",
      de: "Strickmütze mit Fleecefutter und gesticktem Edelweiß.",
      it: "Berretto in maglia foderato in pile con stella alpina ricamata.",
      nl: "Gebreide muts met fleecevoering en een geborduurd edelweiss.",
      be: "Gebreide muts met fleecevoering en een geborduurd edelweiss.",
      da: "Strikhue med fleecefor og broderet edelweiss.",
    },
  },
  {
    slug: "headband-merino",
    appId: "winter",
    categoryId: "hats",
    kind: "sale",
    priceCents: 1900,
    sort: 20,
    name: {
      en: "Merino headband",
      de: "Merino-Stirnband",
      it: "Fascia paraorecchie in merino",
      nl: "Merino hoofdband",
      be: "Merino hoofdband",
      da: "Merino-pandebånd",
    },
    description: {
      en: "A soft merino headband that keeps your ears warm under the helmet.",
      de: "Weiches Stirnband aus Merinowolle, das unter dem Helm die Ohren warm hält.",
      it: "Fascia morbida in merino che tiene calde le orecchie sotto il casco.",
      nl: "Zachte hoofdband van merinowol die je oren onder de helm warm houdt.",
      be: "Zachte hoofdband van merinowol die uw oren onder de helm warm houdt.",
      da: "Blødt pandebånd i merinould, der holder ørerne varme under hjelmen.",
    },
  },
  {
    slug: "kids-pompom-hat",
    appId: "winter",
    categoryId: "hats",
    kind: "sale",
    priceCents: 2400,
    sort: 30,
    name: {
      en: "Kids' pompom hat",
      de: "Kinder-Bommelmütze",
      it: "Berretto con pon pon per bambini",
      nl: "Kindermuts met pompon",
      be: "Kindermuts met pompon",
      da: "Børnehue med kvast",
    },
    description: {
      en: "A cheerful kids' hat with a big pompom and a soft cotton lining.",
      de: "Fröhliche Kindermütze mit großem Bommel und weichem Baumwollfutter.",
      it: "Allegro berretto per bambini con un grande pon pon e fodera morbida in cotone.",
      nl: "Vrolijke kindermuts met grote pompon en zachte katoenen voering.",
      be: "Vrolijke kindermuts met grote pompon en zachte katoenen voering.",
      da: "Glad børnehue med stor kvast og blødt bomuldsfor.",
    },
  },

  // --- Other (sale) ---------------------------------------------------------------------------
  {
    slug: "sunscreen-spf50",
    appId: "winter",
    categoryId: "other",
    kind: "sale",
    priceCents: 1490,
    sort: 10,
    name: {
      en: "Sunscreen SPF 50",
      de: "Sonnencreme LSF 50",
      it: "Crema solare SPF 50",
      nl: "Zonnebrandcrème SPF 50",
      be: "Zonnecrème SPF 50",
      da: "Solcreme SPF 50",
    },
    description: {
      en: "High-altitude sunscreen with SPF 50, water- and cold-resistant, 50 ml.",
      de: "Sonnencreme für die Höhe mit LSF 50, wasser- und kältefest, 50 ml.",
      it: "Crema solare per l'alta quota SPF 50, resistente all'acqua e al freddo, 50 ml.",
      nl: "Zonnebrandcrème voor op de berg met SPF 50, water- en koudebestendig, 50 ml.",
      be: "Zonnecrème voor in de bergen met SPF 50, water- en koudebestendig, 50 ml.",
      da: "Solcreme til højfjeld med SPF 50, vand- og kuldebestandig, 50 ml.",
    },
  },
  {
    slug: "lip-balm-spf30",
    appId: "winter",
    categoryId: "other",
    kind: "sale",
    priceCents: 590,
    sort: 20,
    name: {
      en: "Lip balm SPF 30",
      de: "Lippenpflegestift LSF 30",
      it: "Burrocacao SPF 30",
      nl: "Lippenbalsem SPF 30",
      be: "Lippenbalsem SPF 30",
      da: "Læbepomade SPF 30",
    },
    description: {
      en: "Protects your lips from sun, wind and cold.",
      de: "Schützt die Lippen vor Sonne, Wind und Kälte.",
      it: "Protegge le labbra da sole, vento e freddo.",
      nl: "Beschermt je lippen tegen zon, wind en kou.",
      be: "Beschermt uw lippen tegen zon, wind en koude.",
      da: "Beskytter læberne mod sol, vind og kulde.",
    },
  },
  {
    slug: "hand-warmers",
    appId: "winter",
    categoryId: "other",
    kind: "sale",
    priceCents: 390,
    sort: 30,
    name: {
      en: "Hand warmers (pair)",
      de: "Handwärmer (Paar)",
      it: "Scaldamani (paio)",
      nl: "Handwarmers (paar)",
      be: "Handwarmers (paar)",
      da: "Håndvarmere (par)",
    },
    description: {
      en: "Single-use heat pads that keep your hands warm for up to eight hours.",
      de: "Wärmepads zum Einmalgebrauch, die bis zu acht Stunden lang wärmen.",
      it: "Scaldamani monouso che tengono calde le mani fino a otto ore.",
      nl: "Warmtepads voor eenmalig gebruik die je handen tot acht uur warm houden.",
      be: "Warmtepads voor eenmalig gebruik die uw handen tot acht uur warm houden.",
      da: "Varmepuder til engangsbrug, der holder hænderne varme i op til otte timer.",
    },
  },
  {
    slug: "pocket-wax-kit",
    appId: "winter",
    categoryId: "other",
    kind: "sale",
    priceCents: 1990,
    sort: 40,
    name: {
      en: "Pocket wax kit",
      de: "Wachsset für unterwegs",
      it: "Kit sciolina tascabile",
      nl: "Waxset voor onderweg",
      be: "Waxset voor onderweg",
      da: "Voks-sæt til lommen",
    },
    description: {
      en: "Rub-on wax and a mini scraper for good glide on spring snow.",
      de: "Rubbelwachs und Mini-Abzieher für gute Gleiteigenschaften im Frühjahrsschnee.",
      it: "Sciolina da strofinare e mini raschietto per una buona scorrevolezza sulla neve primaverile.",
      nl: "Wrijfwax en een minischraper om goed te glijden op voorjaarssneeuw.",
      be: "Wrijfwax en een minischraper om goed te glijden op lentesneeuw.",
      da: "Gnidevoks og en miniskraber til god glid på forårssne.",
    },
  },

  // --- Summer: full-suspension e-bikes ----------------------------------------------------------
  {
    slug: "ebike-fully-trail",
    appId: "summer",
    categoryId: "ebike-fully",
    kind: "rental",
    sizing: "ebike",
    level: "intermediate",
    sizes: EBIKE,
    sort: 10,
    depositCents: 30000,
    name: {
      en: "E-MTB Fully Trail",
      de: "E-MTB Fully Trail",
      it: "E-MTB Fully Trail",
      nl: "E-MTB Fully Trail",
      be: "E-MTB Fully Trail",
      da: "E-MTB Fully Trail",
    },
    description: {
      en: "A full-suspension e-MTB with 150 mm of travel and a 750 Wh battery for long days on the Dolomite trails.",
      de: "E-Fully mit 150 mm Federweg und 750-Wh-Akku für lange Tage auf den Trails der Dolomiten.",
      it: "E-MTB biammortizzata con 150 mm di escursione e batteria da 750 Wh per lunghe giornate sui sentieri delle Dolomiti.",
      nl: "Volledig geveerde e-MTB met 150 mm veerweg en een accu van 750 Wh voor lange dagen op de trails van de Dolomieten.",
      be: "Volledig geveerde e-MTB met 150 mm veerweg en een batterij van 750 Wh voor lange dagen op de trails in de Dolomieten.",
      da: "Fuldaffjedret el-MTB med 150 mm vandring og 750 Wh-batteri til lange dage på stierne i Dolomitterne.",
    },
  },
  {
    slug: "ebike-fully-carbon-pro",
    appId: "summer",
    categoryId: "ebike-fully",
    kind: "rental",
    sizing: "ebike",
    level: "expert",
    sizes: EBIKE,
    local: true,
    sort: 20,
    depositCents: 50000,
    name: {
      en: "E-MTB Fully Carbon Pro",
      de: "E-MTB Fully Carbon Pro",
      it: "E-MTB Fully Carbon Pro",
      nl: "E-MTB Fully Carbon Pro",
      be: "E-MTB Fully Carbon Pro",
      da: "E-MTB Fully Carbon Pro",
    },
    description: {
      en: "A top-of-the-range carbon e-MTB with electronic shifting and 160 mm of travel. Rented only at our Ciaslin branch.",
      de: "Carbon-E-Fully der Spitzenklasse mit elektronischer Schaltung und 160 mm Federweg. Nur in unserer Filiale in Ciaslin erhältlich.",
      it: "E-MTB biammortizzata in carbonio di fascia alta con cambio elettronico e 160 mm di escursione. Si noleggia solo nel nostro negozio di Ciaslin.",
      nl: "Carbon e-MTB uit de topklasse met elektronisch schakelen en 160 mm veerweg. Alleen te huur in onze vestiging in Ciaslin.",
      be: "Carbon e-MTB uit de topklasse met elektronisch schakelen en 160 mm veerweg. Enkel te huur in ons filiaal in Ciaslin.",
      da: "Carbon-el-MTB i topklasse med elektronisk gearskifte og 160 mm vandring. Kan kun lejes i vores butik i Ciaslin.",
    },
  },

  // --- Summer: hardtail e-bikes -----------------------------------------------------------------
  {
    slug: "ebike-hardtail-tour",
    appId: "summer",
    categoryId: "ebike-hardtail",
    kind: "rental",
    sizing: "ebike",
    level: "beginner",
    sizes: EBIKE,
    sort: 10,
    depositCents: 20000,
    name: {
      en: "E-bike Hardtail Tour",
      de: "E-Bike Hardtail Tour",
      it: "E-bike Hardtail Tour",
      nl: "E-bike Hardtail Tour",
      be: "E-bike Hardtail Tour",
      da: "Elcykel Hardtail Tour",
    },
    description: {
      en: "A comfortable hardtail e-bike with a suspension fork and a 625 Wh battery, ideal for gravel roads and rides to mountain huts.",
      de: "Komfortables E-Hardtail mit Federgabel und 625-Wh-Akku – ideal für Forstwege und Hüttentouren.",
      it: "Comoda e-bike front con forcella ammortizzata e batteria da 625 Wh, ideale per strade bianche e giri ai rifugi.",
      nl: "Comfortabele hardtail-e-bike met verende voorvork en een accu van 625 Wh, ideaal voor grindwegen en tochten naar berghutten.",
      be: "Comfortabele hardtail-e-bike met verende voorvork en een batterij van 625 Wh, ideaal voor grindwegen en tochten naar berghutten.",
      da: "Komfortabel hardtail-elcykel med affjedret forgaffel og 625 Wh-batteri, ideel til grusveje og ture til bjerghytterne.",
    },
  },
  {
    slug: "ebike-hardtail-sport",
    appId: "summer",
    categoryId: "ebike-hardtail",
    kind: "rental",
    sizing: "ebike",
    level: "intermediate",
    sizes: EBIKE,
    sort: 20,
    depositCents: 20000,
    name: {
      en: "E-MTB Hardtail Sport",
      de: "E-MTB Hardtail Sport",
      it: "E-MTB Hardtail Sport",
      nl: "E-MTB Hardtail Sport",
      be: "E-MTB Hardtail Sport",
      da: "E-MTB Hardtail Sport",
    },
    description: {
      en: "A light, sporty hardtail e-MTB with 29-inch wheels and a 120 mm fork for flowing singletrails.",
      de: "Sportliches, leichtes E-Hardtail mit 29-Zoll-Laufrädern und 120 mm Federgabel für flowige Singletrails.",
      it: "E-MTB front sportiva e leggera con ruote da 29 pollici e forcella da 120 mm per single track scorrevoli.",
      nl: "Sportieve, lichte hardtail-e-MTB met 29-inch wielen en 120 mm voorvork voor vloeiende singletracks.",
      be: "Sportieve, lichte hardtail-e-MTB met 29-inch wielen en 120 mm voorvork voor vloeiende singletracks.",
      da: "Sporty og let hardtail-el-MTB med 29-tommer hjul og 120 mm forgaffel til flydende singletracks.",
    },
  },
  {
    slug: "ebike-trekking-comfort",
    appId: "summer",
    categoryId: "ebike-hardtail",
    kind: "rental",
    sizing: "ebike",
    level: "beginner",
    sizes: ["S", "M", "L"],
    sort: 30,
    depositCents: 20000,
    name: {
      en: "E-bike Trekking Comfort",
      de: "E-Bike Trekking Comfort",
      it: "E-bike Trekking Comfort",
      nl: "E-bike Trekking Comfort",
      be: "E-bike Trekking Comfort",
      da: "Elcykel Trekking Comfort",
    },
    description: {
      en: "A step-through trekking e-bike with rack and lights and a relaxed upright position for the valley's cycle paths.",
      de: "Trekking-E-Bike mit tiefem Einstieg, Gepäckträger und Licht – entspannt aufrecht sitzen auf den Radwegen im Tal.",
      it: "E-bike da trekking con telaio ribassato, portapacchi e luci, con una posizione eretta e rilassata per le ciclabili di fondovalle.",
      nl: "Trekking-e-bike met lage instap, bagagedrager en verlichting: ontspannen rechtop fietsen over de fietspaden in het dal.",
      be: "Trekking-e-bike met lage instap, bagagedrager en verlichting: u zit ontspannen rechtop op de fietspaden in de vallei.",
      da: "Trekking-elcykel med lav indstigning, bagagebærer og lys – afslappet, opret siddestilling på dalens cykelstier.",
    },
  },

  // --- Summer: junior e-bikes -------------------------------------------------------------------
  {
    slug: "ebike-junior-24",
    appId: "summer",
    categoryId: "ebike-junior",
    kind: "rental",
    maxHeightCm: 155,
    sort: 10,
    depositCents: 10000,
    name: {
      en: "Junior e-bike 24in",
      de: "Kinder-E-Bike 24 Zoll",
      it: 'E-bike junior 24"',
      nl: "Junior-e-bike 24 inch",
      be: "Junior-e-bike 24 inch",
      da: 'Junior-elcykel 24"',
    },
    description: {
      en: "A light 24-inch e-bike with a child-friendly motor so young riders can keep up with the family, for heights up to 155 cm.",
      de: "Leichtes 24-Zoll-E-Bike mit kindgerechtem Motor, damit die Kleinen mit der Familie mithalten – bis 155 cm Körpergröße.",
      it: "E-bike leggera da 24 pollici con motore adatto ai ragazzi, per stare al passo con la famiglia, fino a 155 cm di altezza.",
      nl: "Lichte 24-inch e-bike met een kindvriendelijke motor, zodat jonge fietsers de familie bijhouden, tot 155 cm lengte.",
      be: "Lichte 24-inch e-bike met een kindvriendelijke motor, zodat jonge fietsers het gezin kunnen volgen, tot 155 cm groot.",
      da: "Let 24-tommer elcykel med børnevenlig motor, så de unge kan følge med familien – til højder op til 155 cm.",
    },
  },
  {
    slug: "ebike-junior-26",
    appId: "summer",
    categoryId: "ebike-junior",
    kind: "rental",
    maxHeightCm: 165,
    sort: 20,
    depositCents: 10000,
    name: {
      en: "Junior e-MTB 26in",
      de: "Jugend-E-MTB 26 Zoll",
      it: 'E-MTB junior 26"',
      nl: "Junior-e-MTB 26 inch",
      be: "Junior-e-MTB 26 inch",
      da: 'Junior-el-MTB 26"',
    },
    description: {
      en: "A 26-inch junior e-MTB with a suspension fork for teenagers up to 165 cm who want to ride real trails.",
      de: "26-Zoll-Jugend-E-MTB mit Federgabel für Jugendliche bis 165 cm, die echte Trails fahren wollen.",
      it: "E-MTB junior da 26 pollici con forcella ammortizzata per ragazzi fino a 165 cm che vogliono percorrere veri sentieri.",
      nl: "Junior-e-MTB van 26 inch met verende voorvork voor tieners tot 165 cm die echte trails willen rijden.",
      be: "Junior-e-MTB van 26 inch met verende voorvork voor tieners tot 165 cm die echte trails willen rijden.",
      da: "26-tommer junior-el-MTB med affjedret forgaffel til teenagere op til 165 cm, der vil ud på rigtige stier.",
    },
  },

  // --- Summer: bike helmets (rental) ------------------------------------------------------------
  {
    slug: "bike-helmet",
    appId: "summer",
    categoryId: "bike-helmets",
    kind: "rental",
    sizing: "helmet",
    sizes: HELMET,
    sort: 10,
    name: {
      en: "Bike helmet",
      de: "Fahrradhelm",
      it: "Casco bici",
      nl: "Fietshelm",
      be: "Fietshelm",
      da: "Cykelhjelm",
    },
    description: {
      en: "A well-ventilated MTB helmet with a visor, disinfected after every rental.",
      de: "Gut belüfteter MTB-Helm mit Visier, nach jeder Miete desinfiziert.",
      it: "Casco MTB ben ventilato con visiera, igienizzato dopo ogni noleggio.",
      nl: "Goed geventileerde MTB-helm met klep, na elke verhuur ontsmet.",
      be: "Goed verluchte MTB-helm met klep, na elke verhuring ontsmet.",
      da: "Godt ventileret MTB-hjelm med skygge, desinficeres efter hver udlejning.",
    },
  },
  {
    slug: "bike-helmet-kids",
    appId: "summer",
    categoryId: "bike-helmets",
    kind: "rental",
    sizing: "helmet",
    sizes: ["XS", "S"],
    maxHeightCm: 160,
    sort: 20,
    name: {
      en: "Kids' bike helmet",
      de: "Kinderradhelm",
      it: "Casco bici bambino",
      nl: "Kinderfietshelm",
      be: "Kinderfietshelm",
      da: "Børnecykelhjelm",
    },
    description: {
      en: "A light children's bike helmet with an LED rear light and a magnetic buckle.",
      de: "Leichter Kinderradhelm mit LED-Rücklicht und Magnetverschluss.",
      it: "Casco bici leggero per bambini con luce LED posteriore e chiusura magnetica.",
      nl: "Lichte kinderfietshelm met led-achterlichtje en magneetsluiting.",
      be: "Lichte kinderfietshelm met led-achterlichtje en magneetsluiting.",
      da: "Let børnecykelhjelm med LED-baglygte og magnetspænde.",
    },
  },

  // --- Summer: bike accessories (sale) ----------------------------------------------------------
  {
    slug: "bike-gloves",
    appId: "summer",
    categoryId: "bike-accessories",
    kind: "sale",
    sizing: "clothing",
    sizes: GLOVES,
    priceCents: 2900,
    sort: 10,
    name: {
      en: "Bike gloves",
      de: "Radhandschuhe",
      it: "Guanti da bici",
      nl: "Fietshandschoenen",
      be: "Fietshandschoenen",
      da: "Cykelhandsker",
    },
    description: {
      en: "Full-finger MTB gloves with a thin, grippy palm and touchscreen fingertips.",
      de: "Langfinger-MTB-Handschuhe mit dünner, griffiger Innenhand und touchscreenfähigen Fingerkuppen.",
      it: "Guanti MTB a dita lunghe con palmo sottile e aderente e polpastrelli compatibili con il touchscreen.",
      nl: "MTB-handschoenen met lange vingers, een dunne handpalm met veel grip en touchscreen-vingertoppen.",
      be: "MTB-handschoenen met lange vingers, een dunne handpalm met veel grip en touchscreen-vingertoppen.",
      da: "MTB-handsker med lange fingre, tynd håndflade med godt greb og touchscreen-fingerspidser.",
    },
  },
  {
    slug: "water-bottle",
    appId: "summer",
    categoryId: "bike-accessories",
    kind: "sale",
    priceCents: 990,
    sort: 20,
    name: {
      en: "Water bottle 750 ml",
      de: "Trinkflasche 750 ml",
      it: "Borraccia 750 ml",
      nl: "Bidon 750 ml",
      be: "Drinkbus 750 ml",
      da: "Drikkedunk 750 ml",
    },
    description: {
      en: "A BPA-free bike bottle with the Dolomiti Rent logo – refill it at any mountain spring.",
      de: "BPA-freie Trinkflasche mit Dolomiti-Rent-Logo – an jedem Brunnen am Berg nachfüllbar.",
      it: "Borraccia senza BPA con il logo Dolomiti Rent, da riempire a ogni fontana in montagna.",
      nl: "BPA-vrije bidon met het logo van Dolomiti Rent, bij te vullen aan elke bron in de bergen.",
      be: "BPA-vrije drinkbus met het logo van Dolomiti Rent, bij te vullen aan elke bron in de bergen.",
      da: "BPA-fri drikkedunk med Dolomiti Rent-logo – fyld den op ved enhver kilde i bjergene.",
    },
  },
  {
    slug: "bike-repair-kit",
    appId: "summer",
    categoryId: "bike-accessories",
    kind: "sale",
    priceCents: 1990,
    sort: 30,
    name: {
      en: "Trail repair kit",
      de: "Pannenset für unterwegs",
      it: "Kit riparazione forature",
      nl: "Bandenreparatieset",
      be: "Bandenherstelset",
      da: "Lappegrej til turen",
    },
    description: {
      en: "A compact kit with tyre levers, patches, a mini pump and a multi-tool.",
      de: "Kompaktes Set mit Reifenhebern, Flicken, Minipumpe und Multitool.",
      it: "Kit compatto con leve per copertoni, toppe, minipompa e multiattrezzo.",
      nl: "Compacte set met bandenlichters, plakkers, minipomp en multitool.",
      be: "Compacte set met bandenlichters, plakkers, minipomp en multitool.",
      da: "Kompakt sæt med dækjern, lapper, minipumpe og multiværktøj.",
    },
  },
];

/** Every item of the catalogue, all at the standard Italian VAT rate. */
export const demoItems: DemoItem[] = catalogue.map((item) => ({ vatRateBp: DEMO_VAT_BP, ...item }));

// ---------------------------------------------------------------------------------------------
// Prices

const DEGRESSIVE = [1, 1.9, 2.75, 3.5, 4.2, 4.85, 5.13];
const roundTo50 = (cents: number) => Math.round(cents / 50) * 50;

/** A degressive 1..7 day table from the one-day price, e.g. 3800 -> [3800, 7200, ..., 19500]. */
function degressiveTable(oneDayCents: number): Pick<DemoPriceTable, "dayPrices" | "extraDayCents"> {
  return {
    dayPrices: DEGRESSIVE.map((factor) => roundTo50(oneDayCents * factor)),
    extraDayCents: roundTo50(oneDayCents * 0.6),
  };
}

/** One-day price in cents of every rental item (and of the per-day depot locker). */
const ONE_DAY_CENTS: Record<string, number> = {
  "ski-easy-carve": 2200,
  "ski-all-mountain": 2900,
  "ski-race-pro": 3800,
  "ski-freeride-powder": 4200,
  "ski-junior-easy": 1200,
  "ski-junior-race": 1600,
  "snowboard-easy-ride": 2200,
  "snowboard-all-mountain": 2900,
  "snowboard-freestyle-pro": 3600,
  "snowboard-junior": 1300,
  "ski-boots-comfort": 1300,
  "ski-boots-sport": 1800,
  "ski-boots-junior": 800,
  "snowboard-boots": 1300,
  "ski-helmet": 700,
  "ski-helmet-kids": 500,
  "sled-wooden": 1000,
  "bob-kids": 600,
  "sled-racing": 1500,
  "depot-locker-day": 800,
  "ebike-fully-trail": 5500,
  "ebike-fully-carbon-pro": 7500,
  "ebike-hardtail-tour": 3900,
  "ebike-hardtail-sport": 4500,
  "ebike-trekking-comfort": 3900,
  "ebike-junior-24": 3000,
  "ebike-junior-26": 3500,
  "bike-helmet": 500,
  "bike-helmet-kids": 400,
};

export const demoPriceTables: DemoPriceTable[] = Object.entries(ONE_DAY_CENTS).map(([item, cents]) => ({
  item,
  ...degressiveTable(cents),
}));

/**
 * Packages (decision 030): a slot lists its items best first; a child gets the junior model of a slot.
 * Priced a little below the sum of their parts, with a children's price for the junior models.
 */
export type DemoPackage = Omit<typeof schema.packages.$inferInsert, "id" | "createdAt" | "updatedAt"> & { slots: string[][] };

const packagePrices = (adultOneDay: number, childOneDay: number) => {
  const adult = degressiveTable(adultOneDay);
  const child = degressiveTable(childOneDay);
  return {
    dayPrices: adult.dayPrices,
    extraDayCents: adult.extraDayCents,
    childDayPrices: child.dayPrices,
    childExtraDayCents: child.extraDayCents,
  };
};
const SKI_BOOTS = ["ski-boots-comfort", "ski-boots-junior"];
const SKI_HELMETS = ["ski-helmet", "ski-helmet-kids"];

export const demoPackages: DemoPackage[] = [
  {
    slug: "package-ski-beginner",
    appId: "winter",
    level: "beginner",
    sort: 10,
    ...packagePrices(3600, 2000),
    slots: [["ski-easy-carve", "ski-junior-easy"], SKI_BOOTS, SKI_HELMETS],
    name: {
      en: "Beginner ski package",
      de: "Skipaket Anfänger",
      it: "Pacchetto sci principianti",
      nl: "Skipakket beginners",
      be: "Skipakket beginners",
      da: "Skipakke for begyndere",
    },
    description: {
      en: "Easy-turning skis, comfortable boots and a helmet for your first days on the slopes.",
      de: "Drehfreudige Ski, bequeme Skischuhe und ein Helm für die ersten Tage auf der Piste.",
      it: "Sci facili da girare, scarponi comodi e casco per i primi giorni sulle piste.",
      nl: "Draaivriendelijke ski's, comfortabele skischoenen en een helm voor je eerste dagen op de piste.",
      be: "Draaivriendelijke ski's, comfortabele skibotten en een helm voor uw eerste dagen op de piste.",
      da: "Ski, der er lette at dreje, behagelige skistøvler og en hjelm til dine første dage på pisten.",
    },
  },
  {
    slug: "package-ski-intermediate",
    appId: "winter",
    level: "intermediate",
    sort: 20,
    ...packagePrices(4200, 2400),
    slots: [["ski-all-mountain", "ski-junior-race"], SKI_BOOTS, SKI_HELMETS],
    name: {
      en: "All-mountain ski package",
      de: "Skipaket All-Mountain",
      it: "Pacchetto sci all-mountain",
      nl: "Skipakket all-mountain",
      be: "Skipakket all-mountain",
      da: "Skipakke all-mountain",
    },
    description: {
      en: "Versatile all-mountain skis, comfortable boots and a helmet for confident skiers.",
      de: "Vielseitige All-Mountain-Ski, bequeme Skischuhe und ein Helm für sichere Skifahrer.",
      it: "Sci all-mountain versatili, scarponi comodi e casco per sciatori sicuri.",
      nl: "Veelzijdige all-mountainski's, comfortabele skischoenen en een helm voor zelfverzekerde skiërs.",
      be: "Veelzijdige all-mountainski's, comfortabele skibotten en een helm voor zelfzekere skiërs.",
      da: "Alsidige all-mountain-ski, behagelige skistøvler og en hjelm til sikre skiløbere.",
    },
  },
  {
    slug: "package-ski-expert",
    appId: "winter",
    level: "expert",
    sort: 30,
    ...packagePrices(5400, 5400),
    slots: [["ski-race-pro"], ["ski-boots-sport"], ["ski-helmet"]],
    name: {
      en: "Expert ski package",
      de: "Skipaket Könner",
      it: "Pacchetto sci esperti",
      nl: "Skipakket experts",
      be: "Skipakket experts",
      da: "Skipakke for eksperter",
    },
    description: {
      en: "Race-bred carving skis, stiff sport boots and a helmet for fast, precise turns.",
      de: "Rennski mit bissigem Kantengriff, straffe Sportskischuhe und ein Helm für schnelle, präzise Schwünge.",
      it: "Sci da gara, scarponi sportivi rigidi e casco per curve veloci e precise.",
      nl: "Raceski's, stijve sportskischoenen en een helm voor snelle, precieze bochten.",
      be: "Raceski's, stijve sportskibotten en een helm voor snelle, precieze bochten.",
      da: "Raceski, stive sportsstøvler og en hjelm til hurtige, præcise sving.",
    },
  },
  {
    slug: "package-snowboard",
    appId: "winter",
    level: "beginner",
    sort: 40,
    ...packagePrices(3600, 2000),
    slots: [["snowboard-easy-ride", "snowboard-junior"], ["snowboard-boots"], SKI_HELMETS],
    name: {
      en: "Snowboard package",
      de: "Snowboardpaket",
      it: "Pacchetto snowboard",
      nl: "Snowboardpakket",
      be: "Snowboardpakket",
      da: "Snowboardpakke",
    },
    description: {
      en: "A forgiving snowboard, snowboard boots and a helmet to learn on.",
      de: "Ein fehlerverzeihendes Snowboard, Snowboardschuhe und ein Helm zum Lernen.",
      it: "Una tavola facile, scarponi da snowboard e casco per imparare.",
      nl: "Een vergevingsgezind snowboard, snowboardschoenen en een helm om mee te leren.",
      be: "Een vergevingsgezind snowboard, snowboardbotten en een helm om mee te leren.",
      da: "Et tilgivende snowboard, snowboardstøvler og en hjelm at lære på.",
    },
  },
  {
    slug: "package-ebike-tour",
    appId: "summer",
    level: "beginner",
    sort: 10,
    ...packagePrices(3900, 2900),
    slots: [
      ["ebike-hardtail-tour", "ebike-junior-24", "ebike-junior-26"],
      ["bike-helmet", "bike-helmet-kids"],
    ],
    name: {
      en: "E-bike tour package",
      de: "E-Bike-Tourenpaket",
      it: "Pacchetto tour in e-bike",
      nl: "E-biketourpakket",
      be: "E-biketourpakket",
      da: "Elcykel-turpakke",
    },
    description: {
      en: "A touring e-bike and a helmet for relaxed rides through the valley.",
      de: "Ein Touren-E-Bike und ein Helm für entspannte Fahrten durchs Tal.",
      it: "Una e-bike da turismo e un casco per giri rilassati nella valle.",
      nl: "Een toer-e-bike en een helm voor ontspannen ritten door het dal.",
      be: "Een toer-e-bike en een helm voor ontspannen ritten door de vallei.",
      da: "En tur-elcykel og en hjelm til afslappede ture gennem dalen.",
    },
  },
];

export const demoSurcharges: DemoSurcharge[] = [
  {
    appId: "winter",
    item: null,
    startsOn: "2026-12-24",
    endsOn: "2027-01-06",
    percent: 15,
    name: {
      en: "Christmas and New Year",
      de: "Weihnachten und Neujahr",
      it: "Natale e Capodanno",
      nl: "Kerst en oud en nieuw",
      be: "Kerstmis en Nieuwjaar",
      da: "Jul og nytår",
    },
  },
  {
    appId: "summer",
    item: null,
    startsOn: "2027-08-07",
    endsOn: "2027-08-22",
    percent: 10,
    name: {
      en: "August peak season",
      de: "Hochsaison im August",
      it: "Alta stagione di agosto",
      nl: "Hoogseizoen in augustus",
      be: "Hoogseizoen in augustus",
      da: "Højsæson i august",
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Units (rental items and depot lockers), stock (sale articles) and service capacity

type UnitPlan = {
  item: string;
  /** Short item prefix of the code, e.g. SKI in CI-SKI-0001. */
  code: string;
  /** Units per size (or in total when the item has no sizes) at each branch. */
  perSize: number;
  /** Overrides of perSize by branch slug. */
  perShop?: Record<string, number>;
  /** Only these branches hold the item (local items); default: every branch serving its storefront. */
  shops?: string[];
};

const unitPlan: UnitPlan[] = [
  { item: "ski-easy-carve", code: "SKI", perSize: 3 },
  { item: "ski-all-mountain", code: "SKI", perSize: 3 },
  { item: "ski-race-pro", code: "SKI", perSize: 2 },
  { item: "ski-freeride-powder", code: "SKI", perSize: 2, shops: ["plan-da-sera"] },
  { item: "ski-junior-easy", code: "SKI", perSize: 2 },
  { item: "ski-junior-race", code: "SKI", perSize: 2 },
  { item: "snowboard-easy-ride", code: "SNB", perSize: 2 },
  { item: "snowboard-all-mountain", code: "SNB", perSize: 2 },
  { item: "snowboard-freestyle-pro", code: "SNB", perSize: 1 },
  { item: "snowboard-junior", code: "SNB", perSize: 2 },
  { item: "ski-boots-comfort", code: "SBT", perSize: 2 },
  { item: "ski-boots-sport", code: "SBT", perSize: 1 },
  { item: "ski-boots-junior", code: "SBT", perSize: 1 },
  { item: "snowboard-boots", code: "BBT", perSize: 1 },
  { item: "ski-helmet", code: "HLM", perSize: 5 },
  { item: "ski-helmet-kids", code: "HLM", perSize: 4 },
  { item: "sled-wooden", code: "SLD", perSize: 6, perShop: { runcadoz: 12 } },
  { item: "bob-kids", code: "SLD", perSize: 4, perShop: { runcadoz: 8 } },
  { item: "sled-racing", code: "SLD", perSize: 2, perShop: { runcadoz: 4 } },
  { item: "depot-locker-day", code: "LCK", perSize: 20, perShop: { "plan-da-sera": 40 } },
  { item: "depot-locker-season", code: "LCK", perSize: 10, perShop: { "plan-da-sera": 30 } },
  { item: "ebike-fully-trail", code: "EBK", perSize: 3 },
  { item: "ebike-fully-carbon-pro", code: "EBK", perSize: 1, shops: ["ciaslin"] },
  { item: "ebike-hardtail-tour", code: "EBK", perSize: 3 },
  { item: "ebike-hardtail-sport", code: "EBK", perSize: 2 },
  { item: "ebike-trekking-comfort", code: "EBK", perSize: 2 },
  { item: "ebike-junior-24", code: "EBK", perSize: 3 },
  { item: "ebike-junior-26", code: "EBK", perSize: 3 },
  { item: "bike-helmet", code: "BHL", perSize: 5 },
  { item: "bike-helmet-kids", code: "BHL", perSize: 4 },
];

/** Units that are in the workshop, with the staff's note. */
const MAINTENANCE: Record<string, string> = {
  "CI-SKI-0007": "Edge damage on the left ski, waiting for base repair",
  "PS-SNB-0004": "Binding screw loose",
  "RU-EBK-0003": "Brake pads worn, replacement ordered",
  "PS-LCK-0013": "Lock jammed",
};

const itemBySlug = new Map(demoItems.map((item) => [item.slug, item]));
const shopsServing = (appId: Season) => demoShops.filter((shop) => shop.appIds.includes(appId));

/**
 * A ski boot's sole length by its EU size, about what the shells on the market have (EU 42 ≈ mondo 26.5 ≈
 * 305 mm); a race shell is a little shorter. Snowboard boots have none: a snowboard binding does not release.
 */
function demoSoleLength(slug: string, sizing: string | undefined, size: string | null): number | null {
  if (sizing !== "boot" || size === null || slug.startsWith("snowboard")) return null;
  return Math.round(305 + (Number(size) - 42) * 5.5) - (slug === "ski-boots-sport" ? 5 : 0);
}

function buildUnits(): DemoUnit[] {
  const counters = new Map<string, number>();
  const units: DemoUnit[] = [];
  for (const plan of unitPlan) {
    const item = itemBySlug.get(plan.item);
    if (!item) throw new Error(`Unit plan names an unknown item: ${plan.item}`);
    const sizes: (string | null)[] = item.sizes && item.sizes.length > 0 ? item.sizes : [null];
    for (const shop of shopsServing(item.appId)) {
      if (plan.shops && !plan.shops.includes(shop.row.slug)) continue;
      const count = plan.perShop?.[shop.row.slug] ?? plan.perSize;
      for (const size of sizes) {
        for (let n = 0; n < count; n++) {
          const key = `${shop.codePrefix}-${plan.code}`;
          const next = (counters.get(key) ?? 0) + 1;
          counters.set(key, next);
          const code = `${key}-${String(next).padStart(4, "0")}`;
          const note = MAINTENANCE[code];
          units.push({
            item: item.slug,
            shop: shop.row.slug,
            size,
            code,
            status: note ? "maintenance" : "active",
            note: note ?? null,
            soleLengthMm: demoSoleLength(item.slug, item.sizing, size),
          });
        }
      }
    }
  }
  return units;
}

export const demoUnits: DemoUnit[] = buildUnits();

/** A small deterministic hash (FNV-1a), so the demo stock is the same on every seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function buildStock(): DemoStock[] {
  const rows: DemoStock[] = [];
  for (const item of demoItems) {
    if (item.kind !== "sale") continue;
    const sizes = item.sizes && item.sizes.length > 0 ? item.sizes : [""];
    for (const shop of shopsServing(item.appId)) {
      for (const size of sizes) {
        // 0..12; roughly one row in eight is sold out, to show "not available".
        const h = hash(`${item.slug}|${shop.row.slug}|${size}`);
        const quantity = h % 8 === 0 ? 0 : 1 + ((h >>> 3) % 12);
        rows.push({ item: item.slug, shop: shop.row.slug, size, quantity });
      }
    }
  }
  return rows;
}

export const demoStock: DemoStock[] = buildStock();

/** Jobs per day by service; the branch at the gondola has the bigger workshop. */
const SERVICE_PER_DAY: Record<string, number> = {
  "service-waxing": 20,
  "service-edges": 20,
  "service-full": 15,
  "service-base-repair": 8,
  "service-binding-check": 12,
};

export const demoServiceCapacity: DemoServiceCapacity[] = demoItems
  .filter((item) => item.kind === "service")
  .flatMap((item) =>
    shopsServing(item.appId).map((shop) => ({
      item: item.slug,
      shop: shop.row.slug,
      perDay: Math.round((SERVICE_PER_DAY[item.slug] ?? 10) * (shop.row.slug === "plan-da-sera" ? 1.5 : 1)),
    })),
  );

// ---------------------------------------------------------------------------------------------
// Coupons and partner hotels

export const demoCoupons: DemoCoupon[] = [
  {
    code: "WELCOME10",
    kind: "percent",
    value: 10,
    description: {
      en: "10% off your first online booking of the 2026/27 season, for orders from €50.",
      de: "10 % Rabatt auf die erste Online-Buchung der Saison 2026/27 ab 50 € Bestellwert.",
      it: "10% di sconto sulla prima prenotazione online della stagione 2026/27, con una spesa minima di 50 €.",
      nl: "10% korting op je eerste online boeking van het seizoen 2026/27, vanaf een bestelbedrag van € 50.",
      be: "10% korting op uw eerste online reservatie van het seizoen 2026/27, vanaf een bestelling van € 50.",
      da: "10 % rabat på din første onlinebooking i sæsonen 2026/27 ved køb for mindst 50 €.",
    },
    validFrom: new Date("2026-11-01T00:00:00+01:00"),
    validUntil: new Date("2027-04-15T23:59:59+02:00"),
    minOrderCents: 5000,
    maxUses: null,
    maxUsesPerCustomer: 1,
    appIds: [],
    categoryIds: [],
    public: true,
    active: true,
  },
  {
    code: "FAMILY25",
    kind: "fixed",
    value: 2500,
    description: {
      en: "€25 off winter rentals for the whole family on orders from €200, for the first 200 bookings.",
      de: "25 € Rabatt auf die Wintermiete für die ganze Familie ab 200 € – für die ersten 200 Buchungen.",
      it: "25 € di sconto sul noleggio invernale per tutta la famiglia a partire da 200 €, per le prime 200 prenotazioni.",
      nl: "€ 25 korting op wintersporthuur voor het hele gezin vanaf € 200, voor de eerste 200 boekingen.",
      be: "€ 25 korting op de winterhuur voor het hele gezin vanaf € 200, voor de eerste 200 reservaties.",
      da: "25 € rabat på vinterleje til hele familien ved køb for mindst 200 € – gælder de første 200 bookinger.",
    },
    validFrom: new Date("2026-11-01T00:00:00+01:00"),
    validUntil: new Date("2027-04-15T23:59:59+02:00"),
    minOrderCents: 20000,
    maxUses: 200,
    maxUsesPerCustomer: null,
    appIds: ["winter"],
    categoryIds: [],
    public: true,
    active: true,
  },
];

export const demoPartnerHotels: DemoPartnerHotel[] = [
  {
    name: "Hotel Stëla Alpina",
    street: "Strada Ciaslin 42",
    town: "Ciaslin",
    discountPercent: 10,
    commissionPercent: 12,
  },
  {
    name: "Alpine Lodge Plan da Sëra",
    street: "Strada Plan da Sëra 11",
    town: "Plan da Sëra",
    discountPercent: 7,
    commissionPercent: 10,
  },
  {
    name: "Garni Ciasa Mugon",
    street: "Strada Runcadoz 8",
    town: "Runcadoz",
    discountPercent: 5,
    commissionPercent: 8,
  },
];
