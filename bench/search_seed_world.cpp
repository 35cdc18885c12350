// The alpine world's places and words. Lists are in order of popularity: a Zipf draw takes the
// first entries most often. Generated compounds ("Gamskarspitze", "Pointe de Varan") follow
// the well-known names, so the long tail is long, as in real text.
#include "search_seed_world.h"

#include <algorithm>
#include <cmath>

namespace cairn::bench {

// Place names, the well-known ones first.
struct NameList {
  std::vector<std::string> names;
  size_t famous;
};

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kMetresPerDegree = 111320;

using L = Language;

const std::vector<Town> kTowns = {
    {"Innsbruck", 47.2692, 11.4041, L::kGerman},
    {"Hall in Tirol", 47.2833, 11.5083, L::kGerman},
    {"Seefeld in Tirol", 47.3300, 11.1880, L::kGerman},
    {"Mittenwald", 47.4430, 11.2620, L::kGerman},
    {"Garmisch-Partenkirchen", 47.4920, 11.0950, L::kGerman},
    {"Oberammergau", 47.5970, 11.0670, L::kGerman},
    {"Lenggries", 47.6800, 11.5740, L::kGerman},
    {"Achenkirch", 47.5260, 11.7060, L::kGerman},
    {"Schwaz", 47.3520, 11.7080, L::kGerman},
    {"Mayrhofen", 47.1670, 11.8640, L::kGerman},
    {"Neustift im Stubaital", 47.1100, 11.3070, L::kGerman},
    {"Sölden", 46.9660, 11.0080, L::kGerman},
    {"Obergurgl", 46.8700, 11.0270, L::kGerman},
    {"Imst", 47.2450, 10.7390, L::kGerman},
    {"Landeck", 47.1400, 10.5670, L::kGerman},
    {"Ischgl", 47.0130, 10.2920, L::kGerman},
    {"St. Anton am Arlberg", 47.1270, 10.2680, L::kGerman},
    {"Lech", 47.2080, 10.1420, L::kGerman},
    {"Oberstdorf", 47.4090, 10.2790, L::kGerman},
    {"Füssen", 47.5710, 10.7010, L::kGerman},
    {"Reutte", 47.4850, 10.7190, L::kGerman},
    {"Ehrwald", 47.4000, 10.9180, L::kGerman},
    {"Kufstein", 47.5830, 12.1700, L::kGerman},
    {"Kitzbühel", 47.4460, 12.3910, L::kGerman},
    {"St. Johann in Tirol", 47.5230, 12.4240, L::kGerman},
    {"Zell am See", 47.3250, 12.7950, L::kGerman},
    {"Kaprun", 47.2720, 12.7590, L::kGerman},
    {"Lienz", 46.8290, 12.7690, L::kGerman},
    {"Heiligenblut", 47.0400, 12.8430, L::kGerman},
    {"Bad Gastein", 47.1150, 13.1340, L::kGerman},
    {"Berchtesgaden", 47.6310, 13.0020, L::kGerman},
    {"Bad Reichenhall", 47.7250, 12.8770, L::kGerman},
    {"Salzburg", 47.8000, 13.0450, L::kGerman},
    {"Hallstatt", 47.5620, 13.6490, L::kGerman},
    {"Ramsau am Dachstein", 47.4210, 13.6560, L::kGerman},
    {"Schladming", 47.3930, 13.6870, L::kGerman},
    {"Bad Ischl", 47.7110, 13.6210, L::kGerman},
    {"Admont", 47.5750, 14.4610, L::kGerman},
    {"Mariazell", 47.7730, 15.3180, L::kGerman},
    {"Villach", 46.6100, 13.8550, L::kGerman},
    {"Davos", 46.8020, 9.8360, L::kGerman},
    {"Klosters", 46.8690, 9.8810, L::kGerman},
    {"Chur", 46.8500, 9.5320, L::kGerman},
    {"Flims", 46.8350, 9.2830, L::kGerman},
    {"Scuol", 46.7970, 10.2980, L::kGerman},
    {"Andermatt", 46.6360, 8.5940, L::kGerman},
    {"Engelberg", 46.8210, 8.4080, L::kGerman},
    {"Luzern", 47.0500, 8.3090, L::kGerman},
    {"Grindelwald", 46.6240, 8.0410, L::kGerman},
    {"Lauterbrunnen", 46.5930, 7.9080, L::kGerman},
    {"Mürren", 46.5590, 7.8920, L::kGerman},
    {"Kandersteg", 46.4950, 7.6740, L::kGerman},
    {"Adelboden", 46.4920, 7.5600, L::kGerman},
    {"Gstaad", 46.4750, 7.2860, L::kGerman},
    {"Zermatt", 46.0200, 7.7490, L::kGerman},
    {"Saas-Fee", 46.1080, 7.9280, L::kGerman},
    {"Glarus", 47.0400, 9.0680, L::kGerman},
    {"Appenzell", 47.3310, 9.4090, L::kGerman},
    {"Meran", 46.6710, 11.1590, L::kGerman},
    {"Brixen", 46.7150, 11.6560, L::kGerman},
    {"Bozen", 46.4980, 11.3540, L::kGerman},
    {"St. Ulrich in Gröden", 46.5770, 11.6740, L::kGerman},
    {"Sexten", 46.7030, 12.3520, L::kGerman},
    {"Toblach", 46.7260, 12.2210, L::kGerman},
    {"Sterzing", 46.8930, 11.4310, L::kGerman},
    {"Chamonix-Mont-Blanc", 45.9237, 6.8694, L::kFrench},
    {"Argentière", 45.9830, 6.9250, L::kFrench},
    {"Les Houches", 45.8900, 6.7990, L::kFrench},
    {"Saint-Gervais-les-Bains", 45.8920, 6.7130, L::kFrench},
    {"Megève", 45.8570, 6.6180, L::kFrench},
    {"Annecy", 45.8990, 6.1290, L::kFrench},
    {"La Clusaz", 45.9050, 6.4250, L::kFrench},
    {"Morzine", 46.1790, 6.7090, L::kFrench},
    {"Champéry", 46.1770, 6.8700, L::kFrench},
    {"Verbier", 46.0960, 7.2280, L::kFrench},
    {"Val d'Isère", 45.4480, 6.9800, L::kFrench},
    {"Tignes", 45.4690, 6.9060, L::kFrench},
    {"Pralognan-la-Vanoise", 45.3820, 6.7200, L::kFrench},
    {"Bourg-Saint-Maurice", 45.6180, 6.7690, L::kFrench},
    {"Briançon", 44.8990, 6.6430, L::kFrench},
    {"La Grave", 45.0460, 6.3060, L::kFrench},
    {"Les Deux Alpes", 45.0070, 6.1220, L::kFrench},
    {"Grenoble", 45.1880, 5.7240, L::kFrench},
    {"Barcelonnette", 44.3870, 6.6520, L::kFrench},
    {"Saint-Martin-Vésubie", 44.0690, 7.2560, L::kFrench},
    {"Évolène", 46.1130, 7.4940, L::kFrench},
    {"Arolla", 46.0240, 7.4830, L::kFrench},
    {"Courmayeur", 45.7970, 6.9720, L::kItalian},
    {"Aosta", 45.7370, 7.3200, L::kItalian},
    {"Cogne", 45.6080, 7.3570, L::kItalian},
    {"Breuil-Cervinia", 45.9340, 7.6300, L::kItalian},
    {"Macugnaga", 45.9690, 7.9670, L::kItalian},
    {"Domodossola", 46.1140, 8.2920, L::kItalian},
    {"Cuneo", 44.3840, 7.5420, L::kItalian},
    {"Lugano", 46.0040, 8.9510, L::kItalian},
    {"Como", 45.8100, 9.0850, L::kItalian},
    {"Lecco", 45.8560, 9.3970, L::kItalian},
    {"Bormio", 46.4670, 10.3710, L::kItalian},
    {"Livigno", 46.5380, 10.1360, L::kItalian},
    {"Madonna di Campiglio", 46.2290, 10.8260, L::kItalian},
    {"Trento", 46.0670, 11.1210, L::kItalian},
    {"Canazei", 46.4760, 11.7710, L::kItalian},
    {"Cortina d'Ampezzo", 46.5400, 12.1360, L::kItalian},
    {"Belluno", 46.1420, 12.2170, L::kItalian},
    {"Arabba", 46.4970, 11.8750, L::kItalian},
    {"San Martino di Castrozza", 46.2620, 11.8010, L::kItalian},
    {"Tarvisio", 46.5050, 13.5790, L::kItalian},
    {"Riva del Garda", 45.8860, 10.8410, L::kItalian},
    {"Bled", 46.3690, 14.1140, L::kSlovenian},
    {"Kranjska Gora", 46.4850, 13.7840, L::kSlovenian},
    {"Bovec", 46.3380, 13.5520, L::kSlovenian},
    {"Bohinj", 46.2770, 13.8860, L::kSlovenian},
    {"Jezersko", 46.3920, 14.5000, L::kSlovenian},
};

// Towns many trails start around: town index, share of all trails (%), spread (km).
struct Hotspot {
  const char* town;
  double percent;
  double sigma_km;
};
const std::vector<Hotspot> kHotspots = {
    {"Innsbruck", 6, 12},
    {"Chamonix-Mont-Blanc", 5, 8},
    {"Garmisch-Partenkirchen", 4, 9},
    {"Zermatt", 3, 7},
    {"Bozen", 3, 12},
    {"Cortina d'Ampezzo", 3, 9},
    {"Grindelwald", 3, 7},
    {"Davos", 2, 9},
    {"Berchtesgaden", 2, 8},
    {"Annecy", 2, 10},
    {"Lugano", 2, 10},
    {"Salzburg", 2, 12},
    {"Bled", 2, 10},
    {"Oberstdorf", 2, 8},
    {"Canazei", 2, 7},
};

// The two limbs of the Alpine arc (lat, lon): the southern and western one from the Maritime
// Alps to the Julian Alps, the northern one from the Allgäu to the Styrian Alps.
const std::vector<std::pair<double, double>> kSouthernArc = {
    {44.15, 7.25}, {44.85, 6.55}, {45.50, 6.75}, {45.92, 6.87}, {46.00, 7.75},
    {46.55, 8.05}, {46.65, 8.60}, {46.80, 9.85}, {46.62, 10.6}, {46.55, 11.50},
    {46.55, 12.2}, {46.45, 13.7}, {46.40, 14.5}};
const std::vector<std::pair<double, double>> kNorthernArc = {
    {47.45, 10.00}, {47.42, 11.00}, {47.27, 11.40}, {47.48, 12.40},
    {47.63, 13.00}, {47.50, 13.60}, {47.60, 14.50}, {47.70, 15.50}};

const std::vector<std::string> kDePeaks = {"Zugspitze",
                                           "Alpspitze",
                                           "Watzmann",
                                           "Großglockner",
                                           "Nordkette",
                                           "Patscherkofel",
                                           "Serles",
                                           "Wildspitze",
                                           "Hohe Munde",
                                           "Birkkarspitze",
                                           "Dachstein",
                                           "Hochkönig",
                                           "Matterhorn",
                                           "Eiger",
                                           "Säntis",
                                           "Pilatus",
                                           "Rigi",
                                           "Titlis",
                                           "Jungfrau",
                                           "Mönch",
                                           "Schilthorn",
                                           "Faulhorn",
                                           "Niesen",
                                           "Habicht",
                                           "Olperer",
                                           "Hafelekar",
                                           "Brandjoch",
                                           "Frau Hitt",
                                           "Kellerjoch",
                                           "Großvenediger",
                                           "Hoher Göll",
                                           "Schneibstein",
                                           "Hochkalter",
                                           "Piz Buin",
                                           "Weißhorn",
                                           "Allalinhorn",
                                           "Tödi",
                                           "Glärnisch",
                                           "Krottenkopf",
                                           "Kramer",
                                           "Wank",
                                           "Herzogstand",
                                           "Benediktenwand",
                                           "Wendelstein",
                                           "Ellmauer Halt",
                                           "Hahnenkamm",
                                           "Kitzbüheler Horn",
                                           "Schmittenhöhe",
                                           "Hochgolling",
                                           "Sonnblick",
                                           "Ortler",
                                           "Schlern",
                                           "Rosengarten",
                                           "Peitlerkofel",
                                           "Dreischusterspitze"};
const std::vector<std::string> kDePrefixes = {
    "Hoch",   "Schwarz", "Weiß",   "Rot",    "Grün",    "Gams",    "Adler",  "Geier",  "Kreuz",
    "Stein",  "Eis",     "Wild",   "Kalk",   "Mitter",  "Ober",    "Unter",  "Hinter", "Vorder",
    "Sonn",   "Schatt",  "Brand",  "Tann",   "Lärchen", "Zirben",  "Moos",   "Ross",   "Kuh",
    "Ochsen", "Schaf",   "Geiß",   "Hirsch", "Bären",   "Wolfs",   "Falken", "Raben",  "Dohlen",
    "Blau",   "Grau",    "Lang",   "Breit",  "Spitz",   "Wetter",  "Nebel",  "Donner", "Lawinen",
    "Eisen",  "Silber",  "Gold",   "Salz",   "Sulz",    "Plattig", "Grieß",  "Kaiser", "König",
    "Jäger",  "Hirten",  "Sennen", "Mahd",   "Wiesen",  "Roß"};
const std::vector<std::string> kDePeakEndings = {
    "spitze", "kopf", "horn",    "kogel", "joch", "eck",   "wand",   "kar",  "stein", "berg",
    "grat",   "kamm", "schneid", "kofel", "fluh", "stock", "riedel", "nock", "turm",  "zinken"};
const std::vector<std::string> kDeHuts = {
    "Meilerhütte",   "Knorrhütte",     "Reintalangerhütte", "Münchner Haus",   "Franz-Senn-Hütte",
    "Pfeishütte",    "Solsteinhaus",   "Hallerangerhaus",   "Lamsenjochhütte", "Falkenhütte",
    "Olpererhütte",  "Berliner Hütte", "Stüdlhütte",        "Kärlingerhaus",   "Purtschellerhaus",
    "Watzmannhaus",  "Hörnlihütte",    "Glecksteinhütte",   "Arzler Alm",      "Umbrüggler Alm",
    "Höttinger Alm", "Seegrube",       "Rumer Alm",         "Thaurer Alm",     "Enzianhütte"};
const std::vector<std::string> kDeValleys = {
    "Höllental",   "Reintal", "Gaistal",      "Zillertal",        "Ötztal",
    "Stubaital",   "Halltal", "Karwendeltal", "Pitztal",          "Gschnitztal",
    "Vomper Loch", "Engtal",  "Wimbachtal",   "Lauterbrunnental", "Maderanertal",
    "Sellrain",    "Wipptal", "Inntal",       "Gasteinertal"};
const std::vector<std::string> kDeLakes = {
    "Eibsee",     "Achensee",  "Königssee",  "Plansee",   "Seebensee",  "Obersee",
    "Drachensee", "Lautersee", "Walchensee", "Kochelsee", "Schrecksee", "Oeschinensee",
    "Bachalpsee", "Riffelsee", "Lünersee",   "Wildsee",   "Lanser See", "Möserer See"};
const std::vector<std::string> kDePasses = {
    "Brenner",       "Arlberg",    "Fernpass",    "Timmelsjoch",   "Gotthard",  "Furka",
    "Grimsel",       "Susten",     "Flüela",      "Albula",        "Hochtor",   "Kühtai",
    "Scharnitzjoch", "Lamsenjoch", "Stempeljoch", "Gleirschjöchl", "Erlsattel", "Zirler Mähder"};
const std::vector<std::string> kFrPeaks = {"Mont Blanc",       "Aiguille du Midi",
                                           "Aiguille Verte",   "Dent du Géant",
                                           "Grandes Jorasses", "Brévent",
                                           "Mont Buet",        "Aiguillette des Houches",
                                           "Dent Blanche",     "Grand Combin",
                                           "Mont Vélan",       "Pointe Percée",
                                           "Tournette",        "Dent de Crolles",
                                           "Chamechaude",      "Meije",
                                           "Barre des Écrins", "Grande Casse",
                                           "Mont Pourri",      "Dôme de Neige",
                                           "Mont Thabor",      "Aiguille du Goûter",
                                           "Mont Joly",        "Tête de la Maye",
                                           "Le Môle",          "Pic de Bure"};
const std::vector<std::string> kFrRoots = {
    "Balme",     "Bérard",   "Chésery",   "Anterne",   "Pormenaz",  "Varan",  "Lognan",
    "Loriaz",    "Salanfe",  "Fenêtre",   "Joux",      "Tricot",    "Miage",  "Jovet",
    "Chavière",  "Arsine",   "Charvin",   "Sulens",    "Parmelan",  "Semnoz", "Bargy",
    "Jalouvre",  "Platé",    "Fiz",       "Sales",     "Cenise",    "Ayères", "Bellachat",
    "Chailloux", "Frêtes",   "Tardevant", "Étale",     "Sambuy",    "Vorès",  "Roselend",
    "Bresson",   "Thuile",   "Glière",    "Châtelard", "Barberine", "Orny",   "Trient",
    "Champex",   "Saleinaz", "Bovine",    "Forclaz",   "Arpette",   "Tsaté",  "Moiry",
    "Ferpècle",  "Bricola"};
const std::vector<std::string> kFrPeakForms = {"Pointe de ", "Aiguille de ", "Tête de ",
                                               "Mont ",      "Dent de ",     "Crête de "};
const std::vector<std::string> kFrHuts = {
    "Refuge du Goûter",     "Refuge de la Flégère", "Refuge du Lac Blanc",   "Refuge de Bellachat",
    "Refuge des Cosmiques", "Refuge du Couvercle",  "Refuge de Tré-la-Tête", "Cabane de Moiry",
    "Cabane du Trient",     "Refuge de Loriaz",     "Chalet de la Floria"};
const std::vector<std::string> kFrValleys = {
    "Vallée Blanche", "Vallon de Bérard",    "Vallée de Chamonix",  "Val Ferret",
    "Val d'Hérens",   "Vallée de la Clarée", "Vallon des Étançons", "Vallée du Trient"};
const std::vector<std::string> kFrLakes = {
    "Lac Blanc",  "Lac d'Annecy",  "Lac de la Girotte", "Lac d'Émosson",
    "Lac Cornu",  "Lac Noir",      "Lac de Pormenaz",   "Lac d'Anterne",
    "Lac de Roy", "Lac du Goléon", "Lac des Chéserys"};
const std::vector<std::string> kFrPasses = {
    "Col de Balme",     "Col des Montets",      "Col du Bonhomme",
    "Col de la Seigne", "Col de Voza",          "Col du Galibier",
    "Col du Lautaret",  "Col de l'Iseran",      "Col de la Croix de Fer",
    "Col des Aravis",   "Col de la Colombière", "Col de la Forclaz"};
const std::vector<std::string> kItPeaks = {
    "Monte Rosa",      "Gran Paradiso",   "Marmolada",   "Tre Cime di Lavaredo",
    "Tofana di Rozes", "Monte Cristallo", "Sassolungo",  "Piz Boè",
    "Civetta",         "Pelmo",           "Cevedale",    "Adamello",
    "Presanella",      "Monte Baldo",     "Grigna",      "Monte Generoso",
    "Pizzo Badile",    "Monte Disgrazia", "Punta Penia", "Croda da Lago",
    "Cinque Torri",    "Nuvolau",         "Lagazuoi",    "Sorapiss",
    "Antelao",         "Monte Paterno",   "Cima Tosa",   "Monte Bondone",
    "Monte Grappa",    "Pasubio",         "Resegone",    "Monviso",
    "Rocciamelone",    "Seceda",          "Sass Rigais"};
const std::vector<std::string> kItRoots = {
    "Fanes",     "Sennes",     "Braies",   "Auronzo",   "Cengia",     "Popera",    "Falzarego",
    "Valparola", "Campolongo", "Duran",    "Staulanza", "Rolle",      "Valles",    "Costalunga",
    "Nigra",     "Erbe",       "Furcia",   "Gavia",     "Vivione",    "Forcola",   "Muretto",
    "Scalino",   "Vioz",       "Fumo",     "Lares",     "Mandron",    "Ritorto",   "Nambino",
    "Tovel",     "Sadole",     "Lusia",    "Colbricon", "Cavallazza", "Fradusta",  "Pradidali",
    "Canali",    "Mulaz",      "Focobon",  "Ombretta",  "Contrin",    "Antermoia", "Ciampedie",
    "Roseal",    "Mesdì",      "Pisciadù", "Crespeina", "Puez",       "Odle",      "Cir"};
const std::vector<std::string> kItPeakForms = {"Monte ", "Cima ",  "Punta ",
                                               "Pizzo ", "Corno ", "Sass "};
const std::vector<std::string> kItHuts = {
    "Rifugio Lagazuoi", "Rifugio Nuvolau",    "Rifugio Auronzo",       "Rifugio Locatelli",
    "Rifugio Vajolet",  "Rifugio Tosa",       "Rifugio Brentei",       "Rifugio Torino",
    "Rifugio Bonatti",  "Capanna Margherita", "Rifugio Croda da Lago", "Rifugio Averau",
    "Rifugio Puez"};
const std::vector<std::string> kItValleys = {
    "Val Gardena", "Val di Fassa", "Val Badia", "Val Ferret",    "Valle d'Aosta", "Val Masino",
    "Val Genova",  "Val di Sole",  "Val Veny",  "Valtournenche", "Val di Funes"};
const std::vector<std::string> kItLakes = {
    "Lago di Braies", "Lago di Sorapiss", "Lago di Carezza", "Lago di Misurina", "Lago di Como",
    "Lago di Garda",  "Lago Federa",      "Lago di Antorno", "Lago Blu",         "Lago di Tovel"};
const std::vector<std::string> kItPasses = {
    "Passo Pordoi",        "Passo Giau",           "Passo Sella",         "Passo Gardena",
    "Passo Fedaia",        "Passo Falzarego",      "Passo Valparola",     "Passo Campolongo",
    "Passo Rolle",         "Passo San Pellegrino", "Passo dello Stelvio", "Passo Gavia",
    "Passo del Mortirolo", "Forcella Lavaredo"};
const std::vector<std::string> kSlPeaks = {
    "Triglav",    "Stol",      "Mangart",    "Jalovec",   "Krn",     "Vogel",
    "Storžič",    "Grintovec", "Prisojnik",  "Škrlatica", "Rjavina", "Kredarica",
    "Kanin",      "Viševnik",  "Debela peč", "Tosc",      "Špik",    "Razor",
    "Mojstrovka", "Ojstrica",  "Planjava",   "Golica",    "Kepa",    "Begunjščica"};
const std::vector<std::string> kSlHuts = {
    "Koča na Doliču", "Dom Planika",     "Triglavski dom", "Koča pri Triglavskih jezerih",
    "Vodnikov dom",   "Prešernova koča", "Koča na Gozdu",  "Tičarjev dom",
    "Erjavčeva koča"};
const std::vector<std::string> kSlLakes = {"Blejsko jezero", "Bohinjsko jezero", "Jezero Jasna",
                                           "Krnsko jezero", "Dvojno jezero"};
const std::vector<std::string> kSlValleys = {"Dolina Vrata", "Trenta", "Planica", "Krma",
                                             "Dolina Triglavskih jezer"};
const std::vector<std::string> kSlPasses = {"Vršič", "Kamniško sedlo", "Luknja", "Prehodavci"};
// Spots along the way: nouns for German compounds ("Lärchensteig", "Gamsbrunnen"), and the
// French, Italian and Slovenian forms.
const std::vector<std::string> kDeNouns = {
    "weg",     "steig",    "pfad",  "wald",   "wiese",   "bach",    "brücke", "quelle",
    "kapelle", "kreuz",    "hang",  "rinne",  "platte",  "boden",   "leite",  "graben",
    "klamm",   "schlucht", "hof",   "stadel", "kirche",  "blick",   "bank",   "brunnen",
    "mühle",   "säge",     "feld",  "rain",   "bühel",   "lacke",   "moor",   "steg",
    "gasse",   "forstweg", "kehre", "sattel", "hütterl", "marterl", "tränke", "gatter"};
const std::vector<std::string> kFrSpotForms = {"Chemin de ", "Pont de ",  "Chapelle de ",
                                               "Source de ", "Forêt de ", "Hameau de "};
const std::vector<std::string> kItSpotForms = {"Ponte di ",   "Bosco di ", "Cappella di ",
                                               "Fontana di ", "Baita ",    "Sentiero "};
const std::vector<std::string> kSlSpots = {"Slap Savica",     "Planina Blato", "Vintgar",
                                           "Pokljuka",        "Velo polje",    "Planina Krstenica",
                                           "Korita Mostnice", "Slap Peričnik"};
const std::vector<std::string> kPeople = {
    "Anna",   "Lukas", "Marie",  "Jonas", "Sophie",  "Felix", "Lena",  "Paul",  "Julia",  "Max",
    "Chiara", "Luca",  "Giulia", "Marco", "Camille", "Hugo",  "Léa",   "Louis", "Emma",   "Noah",
    "Tom",    "Sarah", "Ben",    "Mia",   "Matteo",  "Sofia", "Jakob", "Eva",   "Niklas", "Žiga"};

// Names: {peak} {peak2} {hut} {hut2} {valley} {lake} {pass} {town} {n} {d}.
const std::vector<std::string> kDeNames = {"{peak}",
                                           "{peak} über das {valley}",
                                           "{peak} von {town}",
                                           "Rundweg {lake}",
                                           "{peak} – {peak2} Überschreitung",
                                           "{hut} und {lake}",
                                           "Klettersteig {peak}",
                                           "{town} – {hut}",
                                           "Sonnenaufgang am {peak}",
                                           "Skitour {peak}",
                                           "Über den {pass} nach {town}",
                                           "Hüttentour {hut}",
                                           "{lake} Umrundung",
                                           "Gratwanderung {peak}",
                                           "Runde über den {pass}",
                                           "Tag {d}: {hut} – {hut2}",
                                           "Familienwanderung zur {hut}",
                                           "MTB {town} – {pass}"};
const std::vector<std::string> kFrNames = {"{peak}",
                                           "{pass} depuis {town}",
                                           "Boucle du {lake}",
                                           "{peak} par le {pass}",
                                           "{lake} et {hut}",
                                           "Traversée {peak} – {peak2}",
                                           "Montée au {hut}",
                                           "Randonnée au {lake}",
                                           "Tour du {peak}, étape {d}",
                                           "Ski de rando {peak}",
                                           "{valley} à vélo"};
const std::vector<std::string> kItNames = {"{peak}",
                                           "{hut} da {town}",
                                           "Anello del {lake}",
                                           "{peak} per la {valley}",
                                           "Ferrata {peak}",
                                           "Traversata {hut} – {hut2}",
                                           "Alba sul {peak}",
                                           "{pass} in bici",
                                           "Giro del {lake}",
                                           "Alta Via tappa {d}: {hut} – {hut2}"};
const std::vector<std::string> kSlNames = {"{peak}", "{peak} iz {town}", "Krožna pot {lake}",
                                           "Čez {pass} na {peak}", "{hut}"};
const std::vector<std::string> kEnNames = {"{peak}",
                                           "{peak} ridge walk",
                                           "{town} loop",
                                           "{lake} circuit",
                                           "Sunrise on {peak}",
                                           "Day {d}: {hut} to {hut2}",
                                           "{peak} via the {valley}",
                                           "{pass} ride",
                                           "Evening walk above {town}",
                                           "{peak} from {town}",
                                           "Hut to hut, day {d}"};
const std::vector<std::string> kMachineNames = {
    "Morning Hike",    "Afternoon Hike",  "Lunch Ride",       "Morning Ride",
    "Evening Run",     "Morgenwanderung", "Nachmittagsrunde", "Track {n}",
    "Activity {date}", "Cycling, {day}",  "Hiking, {day}"};

// Description sentences, most common first.
const std::vector<std::string> kDeSentences = {
    "Start am Parkplatz in {town}.",
    "Aufstieg über das {valley} zur {hut}.",
    "Vom Gipfel herrliche Aussicht auf {peak} und {peak2}.",
    "Abstieg über den {pass} und zurück nach {town}.",
    "Trittsicherheit und Schwindelfreiheit erforderlich.",
    "Einkehr in der {hut}, sehr zu empfehlen.",
    "Wunderschöne Runde bei bestem Wetter.",
    "Im oberen Teil versichert, Helm empfohlen.",
    "Mit Kindern gut machbar, kaum Steigung.",
    "Oberhalb von {alt} m lag noch Schnee.",
    "Am Wochenende sehr viel los, besser früh starten.",
    "Kurze Badepause am {lake}.",
    "Der Weg ist gut markiert (Nr. {n}).",
    "Zum Schluss ein steiler Schotterweg.",
    "Im Herbst mit den gelben Lärchen ein Traum.",
    "Gämsen und Murmeltiere am Weg gesehen.",
    "Bei Nebel ist die Orientierung schwierig.",
    "Rückfahrt mit dem Bus nach {town}.",
    "Unterwegs mit {person} und {person2}.",
    "Teilweise sehr ausgesetzt, nichts für Anfänger.",
    "Sonnenaufgang am {peak}, unvergesslich.",
    "Mit dem Rad von {town} über den {pass}.",
    "Schöne Trailabfahrt ins {valley}.",
    "Die {hut} hat erst ab Juni geöffnet.",
    "Quelle unterhalb der {hut}, Wasser mitnehmen.",
    "Weiter über den {spot} zum {spot2}.",
    "Abzweigung beim {spot}, leicht zu übersehen.",
    "Kurze Rast am {spot}.",
    "Ab dem {spot} wird es steil.",
    "Der {spot} war nach dem Unwetter gesperrt, Umweg über den {spot2}.",
};
const std::vector<std::string> kFrSentences = {
    "Départ du parking de {town}.",
    "Montée régulière jusqu'au {pass}.",
    "Vue magnifique sur le {peak} depuis le sommet.",
    "Retour par le même chemin.",
    "Pause pique-nique au bord du {lake}.",
    "Nuit au {hut}, accueil chaleureux.",
    "Attention aux névés en début de saison.",
    "Passages équipés de chaînes et d'échelles.",
    "Sentier bien balisé, quelques passages raides.",
    "Beaucoup de monde le week-end, partir tôt.",
    "Descente par le {valley} jusqu'à {town}.",
    "Chamois et bouquetins observés près du col.",
    "Randonnée facile, idéale en famille.",
    "Orage en fin d'après-midi, prudence.",
    "Dénivelé positif d'environ {n} m.",
    "Avec {person} et {person2}.",
    "Retour en navette depuis {town}.",
    "Passage par le {spot}, puis le {spot2}.",
    "Pause au {spot}.",
    "Le {spot} était fermé, détour par le {spot2}.",
};
const std::vector<std::string> kItSentences = {
    "Partenza dal parcheggio di {town}.",
    "Salita ripida fino al {hut}.",
    "Panorama splendido su {peak} e {peak2}.",
    "Discesa per il sentiero {n} verso {town}.",
    "Sosta al {lake}, acqua gelida.",
    "Tratti attrezzati con cavi, casco consigliato.",
    "Sentiero ben segnato, adatto a famiglie.",
    "Molta gente nel fine settimana.",
    "Neve residua sopra i {alt} metri.",
    "Pranzo al {hut}, ottima polenta.",
    "Ritorno dal {pass} con la funivia.",
    "Camosci e stambecchi lungo il percorso.",
    "Giro ad anello molto vario.",
    "Con {person} e {person2}.",
    "Partenza all'alba per evitare il caldo.",
    "Si passa per {spot} e poi {spot2}.",
    "Sosta a {spot}.",
    "Dopo {spot} il sentiero si fa ripido.",
};
const std::vector<std::string> kSlSentences = {
    "Izhodišče na parkirišču v {town}.",
    "Lep razgled na {peak}.",
    "Vrnitev po isti poti.",
    "Pot je dobro označena.",
    "Zahtevna pot, potrebna čelada.",
    "Postanek v koči {hut}.",
    "Z {person} in {person2}.",
    "Mimo {spot} do {spot2}.",
};
const std::vector<std::string> kEnSentences = {
    "Started from the car park in {town}.",
    "Steady climb up the {valley} to the {hut}.",
    "Great views of {peak} and {peak2} from the top.",
    "Came back the same way.",
    "Some exposed sections, a head for heights helps.",
    "Lunch at the {hut}, friendly staff.",
    "Snow above {alt} m, microspikes were useful.",
    "Very busy at the weekend, start early.",
    "Quick swim in the {lake}.",
    "Well marked path (number {n}).",
    "Loose scree on the descent, poles recommended.",
    "Saw ibex and marmots near the {pass}.",
    "Easy loop, fine with kids.",
    "Thunderstorm in the afternoon, turned back below the summit.",
    "Took the bus back to {town}.",
    "The larches were golden, best time of the year.",
    "With {person} and {person2}.",
    "Rode from {town} over the {pass}, long gravel section.",
    "Passed the {spot} on the way up and the {spot2} on the way down.",
    "Short break at {spot}.",
    "The path after {spot} was washed out, detour via {spot2}.",
};

const char* const kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                               "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// Famous names first, then every generated compound in an order fixed by `seed` (so the Zipf
// tail is not alphabetical).
NameList WithCompounds(const std::vector<std::string>& famous,
                       const std::vector<std::string>& heads, const std::vector<std::string>& tails,
                       uint64_t seed) {
  std::vector<std::string> generated;
  for (const auto& head : heads) {
    for (const auto& tail : tails) generated.push_back(head + tail);
  }
  std::mt19937_64 shuffle(seed);
  std::shuffle(generated.begin(), generated.end(), shuffle);
  NameList out{famous, famous.size()};
  out.names.insert(out.names.end(), generated.begin(), generated.end());
  return out;
}

NameList Plain(const std::vector<std::string>& names) { return {names, names.size()}; }

const NameList& DeSpots() {
  static const NameList kList = WithCompounds({}, kDePrefixes, kDeNouns, 16);
  return kList;
}
const NameList& FrSpots() {
  static const NameList kList = WithCompounds({}, kFrSpotForms, kFrRoots, 17);
  return kList;
}
const NameList& ItSpots() {
  static const NameList kList = WithCompounds({}, kItSpotForms, kItRoots, 18);
  return kList;
}
const NameList& SlSpots() {
  static const NameList kList = Plain(kSlSpots);
  return kList;
}
const NameList& SlPeaks() {
  static const NameList kList = Plain(kSlPeaks);
  return kList;
}
const NameList& SlHuts() {
  static const NameList kList = Plain(kSlHuts);
  return kList;
}
const NameList& SlLakes() {
  static const NameList kList = Plain(kSlLakes);
  return kList;
}
const NameList& SlValleys() {
  static const NameList kList = Plain(kSlValleys);
  return kList;
}
const NameList& SlPasses() {
  static const NameList kList = Plain(kSlPasses);
  return kList;
}

const NameList& DePeaks() {
  static const auto kList = WithCompounds(kDePeaks, kDePrefixes, kDePeakEndings, 1);
  return kList;
}
const NameList& DeHuts() {
  static const auto kList =
      WithCompounds(kDeHuts, kDePrefixes, {"hütte", "alm", "haus", "alpe"}, 2);
  return kList;
}
const NameList& DeValleys() {
  static const auto kList = WithCompounds(kDeValleys, kDePrefixes, {"tal", "graben"}, 3);
  return kList;
}
const NameList& DeLakes() {
  static const auto kList = WithCompounds(kDeLakes, kDePrefixes, {"see", "weiher"}, 4);
  return kList;
}
const NameList& DePasses() {
  static const auto kList = WithCompounds(kDePasses, kDePrefixes, {"joch", "scharte", "sattel"}, 5);
  return kList;
}
const NameList& FrPeaks() {
  static const auto kList = WithCompounds(kFrPeaks, kFrPeakForms, kFrRoots, 6);
  return kList;
}
const NameList& FrHuts() {
  static const auto kList = WithCompounds(kFrHuts, {"Refuge de ", "Chalet de "}, kFrRoots, 7);
  return kList;
}
const NameList& FrValleys() {
  static const auto kList = WithCompounds(kFrValleys, {"Vallon de ", "Vallée de "}, kFrRoots, 8);
  return kList;
}
const NameList& FrLakes() {
  static const auto kList = WithCompounds(kFrLakes, {"Lac de "}, kFrRoots, 9);
  return kList;
}
const NameList& FrPasses() {
  static const auto kList = WithCompounds(kFrPasses, {"Col de "}, kFrRoots, 10);
  return kList;
}
const NameList& ItPeaks() {
  static const auto kList = WithCompounds(kItPeaks, kItPeakForms, kItRoots, 11);
  return kList;
}
const NameList& ItHuts() {
  static const auto kList = WithCompounds(kItHuts, {"Rifugio ", "Malga ", "Baita "}, kItRoots, 12);
  return kList;
}
const NameList& ItValleys() {
  static const auto kList = WithCompounds(kItValleys, {"Val ", "Valle di "}, kItRoots, 13);
  return kList;
}
const NameList& ItLakes() {
  static const auto kList = WithCompounds(kItLakes, {"Lago di "}, kItRoots, 14);
  return kList;
}
const NameList& ItPasses() {
  static const auto kList = WithCompounds(kItPasses, {"Passo ", "Forcella "}, kItRoots, 15);
  return kList;
}

// A point along `arc`, chosen uniformly by length (in degrees, near enough here).
std::pair<double, double> AlongArc(const std::vector<std::pair<double, double>>& arc, double u) {
  std::vector<double> lengths;
  double total = 0;
  for (size_t i = 1; i < arc.size(); ++i) {
    total += std::hypot(arc[i].first - arc[i - 1].first, arc[i].second - arc[i - 1].second);
    lengths.push_back(total);
  }
  const double at = u * total;
  size_t i = 0;
  while (i + 1 < lengths.size() && lengths[i] < at) ++i;
  const double before = i == 0 ? 0 : lengths[i - 1];
  const double f = (at - before) / (lengths[i] - before);
  return {arc[i].first + f * (arc[i + 1].first - arc[i].first),
          arc[i].second + f * (arc[i + 1].second - arc[i].second)};
}

void ReplaceAll(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

ZipfIndex::ZipfIndex(size_t n, double exponent) {
  double sum = 0;
  for (size_t k = 0; k < n; ++k) {
    sum += 1.0 / std::pow(static_cast<double>(k + 1), exponent);
    cumulative_.push_back(sum);
  }
  for (double& c : cumulative_) c /= sum;
}

size_t ZipfIndex::operator()(std::mt19937_64& random) const {
  const double u = std::uniform_real_distribution<double>(0, 1)(random);
  const auto it = std::lower_bound(cumulative_.begin(), cumulative_.end(), u);
  return std::min(static_cast<size_t>(it - cumulative_.begin()), cumulative_.size() - 1);
}

AlpineWorld::AlpineWorld(uint64_t seed) : random_(seed) {}

double AlpineWorld::Uniform(double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(random_);
}

bool AlpineWorld::Chance(double p) { return Uniform(0, 1) < p; }

size_t AlpineWorld::ZipfDraw(size_t n) {
  auto it = zipf_.find(n);
  if (it == zipf_.end()) it = zipf_.emplace(n, ZipfIndex(n, 1.0)).first;
  return it->second(random_);
}

const std::string& AlpineWorld::Pick(const std::vector<std::string>& list) {
  return list[ZipfDraw(list.size())];
}

// Each town has its own favourites among the well-known names (the Zugspitze near Garmisch, the
// Nordkette at Innsbruck): the Zipf ranks of the famous part are rotated by the town.
const std::string& AlpineWorld::PickPlace(const NameList& list) {
  size_t k = ZipfDraw(list.names.size());
  if (k < list.famous) k = (k + rotation_) % list.famous;
  return list.names[k];
}

const Town& AlpineWorld::NearestTown(double lat, double lon) const {
  const Town* best = &kTowns.front();
  double best_d = 1e300;
  const double k = std::cos(lat * kPi / 180);
  for (const Town& town : kTowns) {
    const double d = std::hypot(town.lat - lat, (town.lon - lon) * k);
    if (d < best_d) {
      best_d = d;
      best = &town;
    }
  }
  return *best;
}

StartPoint AlpineWorld::PickStart() {
  double lat = 0, lon = 0;
  double u = Uniform(0, 100);
  const Hotspot* spot = nullptr;
  for (const Hotspot& h : kHotspots) {
    if (u < h.percent) {
      spot = &h;
      break;
    }
    u -= h.percent;
  }
  std::normal_distribution<double> normal(0, 1);
  if (spot) {
    const auto town = std::find_if(kTowns.begin(), kTowns.end(), [&](const Town& t) {
      return std::string(t.name) == spot->town;
    });
    const double sigma = spot->sigma_km * 1000 / kMetresPerDegree;
    lat = town->lat + normal(random_) * sigma;
    lon = town->lon + normal(random_) * sigma / std::cos(town->lat * kPi / 180);
  } else {
    const auto& arc = Chance(0.6) ? kSouthernArc : kNorthernArc;
    std::tie(lat, lon) = AlongArc(arc, Uniform(0, 1));
    // Off the arc's line in any direction, ~25 km typical, up to ~60 km.
    const double sigma = 25000 / kMetresPerDegree;
    lat += normal(random_) * sigma;
    lon += normal(random_) * sigma / std::cos(lat * kPi / 180);
  }
  return {lat, lon, &NearestTown(lat, lon)};
}

Language AlpineWorld::PickLanguage(const Town& town) {
  return Chance(0.2) ? Language::kEnglish : town.language;
}

std::string AlpineWorld::Peak(Language language) {
  switch (language) {
    case Language::kFrench:
      return PickPlace(FrPeaks());
    case Language::kItalian:
      return PickPlace(ItPeaks());
    case Language::kSlovenian:
      return PickPlace(SlPeaks());
    default:
      return PickPlace(DePeaks());
  }
}

std::string AlpineWorld::Hut(Language language) {
  switch (language) {
    case Language::kFrench:
      return PickPlace(FrHuts());
    case Language::kItalian:
      return PickPlace(ItHuts());
    case Language::kSlovenian:
      return PickPlace(SlHuts());
    default:
      return PickPlace(DeHuts());
  }
}

std::string AlpineWorld::Valley(Language language) {
  switch (language) {
    case Language::kFrench:
      return PickPlace(FrValleys());
    case Language::kItalian:
      return PickPlace(ItValleys());
    case Language::kSlovenian:
      return PickPlace(SlValleys());
    default:
      return PickPlace(DeValleys());
  }
}

std::string AlpineWorld::Lake(Language language) {
  switch (language) {
    case Language::kFrench:
      return PickPlace(FrLakes());
    case Language::kItalian:
      return PickPlace(ItLakes());
    case Language::kSlovenian:
      return PickPlace(SlLakes());
    default:
      return PickPlace(DeLakes());
  }
}

std::string AlpineWorld::Pass(Language language) {
  switch (language) {
    case Language::kFrench:
      return PickPlace(FrPasses());
    case Language::kItalian:
      return PickPlace(ItPasses());
    case Language::kSlovenian:
      return PickPlace(SlPasses());
    default:
      return PickPlace(DePasses());
  }
}

std::string AlpineWorld::Spot(Language language) {
  switch (language) {
    case Language::kFrench:
      return PickPlace(FrSpots());
    case Language::kItalian:
      return PickPlace(ItSpots());
    case Language::kSlovenian:
      return PickPlace(SlSpots());
    default:
      return PickPlace(DeSpots());
  }
}

std::string AlpineWorld::Person() { return kPeople[random_() % kPeople.size()]; }

std::string AlpineWorld::Fill(const std::string& pattern, Language language, const Town& town) {
  // English text names the places of the region it is in.
  const Language places = language == Language::kEnglish ? town.language : language;
  rotation_ = static_cast<size_t>(&town - kTowns.data()) * 7;
  std::string text = pattern;
  ReplaceAll(text, "{peak2}", Peak(places));
  ReplaceAll(text, "{peak}", Peak(places));
  ReplaceAll(text, "{hut2}", Hut(places));
  ReplaceAll(text, "{hut}", Hut(places));
  ReplaceAll(text, "{valley}", Valley(places));
  ReplaceAll(text, "{lake}", Lake(places));
  ReplaceAll(text, "{pass}", Pass(places));
  ReplaceAll(text, "{spot2}", Spot(places));
  ReplaceAll(text, "{spot}", Spot(places));
  ReplaceAll(text, "{town}", town.name);
  ReplaceAll(text, "{person2}", Person());
  ReplaceAll(text, "{person}", Person());
  ReplaceAll(text, "{n}", std::to_string(1 + random_() % 999));
  ReplaceAll(text, "{alt}", std::to_string(1500 + 100 * (random_() % 15)));
  ReplaceAll(text, "{d}", std::to_string(1 + random_() % 8));
  return text;
}

std::string AlpineWorld::Name(Language language, const Town& town, const std::string& iso_date) {
  if (Chance(0.06)) {
    std::string name = Pick(kMachineNames);
    if (iso_date.size() == 10) {
      const int month = std::stoi(iso_date.substr(5, 2));
      const std::string day = std::to_string(std::stoi(iso_date.substr(8, 2))) + " " +
                              kMonths[month - 1] + " " + iso_date.substr(0, 4);
      ReplaceAll(name, "{date}", iso_date);
      ReplaceAll(name, "{day}", day);
    } else {
      ReplaceAll(name, " {date}", "");
      ReplaceAll(name, ", {day}", "");
    }
    ReplaceAll(name, "{n}", std::to_string(1 + random_() % 400));
    return name;
  }
  switch (language) {
    case Language::kFrench:
      return Fill(Pick(kFrNames), language, town);
    case Language::kItalian:
      return Fill(Pick(kItNames), language, town);
    case Language::kSlovenian:
      return Fill(Pick(kSlNames), language, town);
    case Language::kEnglish:
      return Fill(Pick(kEnNames), language, town);
    default:
      return Fill(Pick(kDeNames), language, town);
  }
}

std::string AlpineWorld::Location(const Town& town) { return Chance(0.15) ? "" : town.name; }

std::string AlpineWorld::Description(Language language, const Town& town) {
  if (Chance(1.0 / 3)) return "";
  const std::vector<std::string>* sentences = &kDeSentences;
  if (language == Language::kFrench) sentences = &kFrSentences;
  if (language == Language::kItalian) sentences = &kItSentences;
  if (language == Language::kSlovenian) sentences = &kSlSentences;
  if (language == Language::kEnglish) sentences = &kEnSentences;
  // One to twelve sentences, fewer more often (3.8 on average).
  const int count =
      1 + static_cast<int>(std::min(11.0, std::floor(-std::log(Uniform(1e-9, 1)) * 3.3)));
  std::string text;
  std::vector<const std::string*> used;
  for (int i = 0; i < count; ++i) {
    // A sentence once per description (a few tries, then it may repeat).
    const std::string* sentence = &Pick(*sentences);
    for (int retry = 0; retry < 4 && std::count(used.begin(), used.end(), sentence); ++retry) {
      sentence = &Pick(*sentences);
    }
    used.push_back(sentence);
    if (i) text += ' ';
    text += Fill(*sentence, language, town);
  }
  return text;
}

}  // namespace cairn::bench
