package feed

// Invented names the simulator gives to what a match shows: heroes, agents, operators, classes,
// factions, maps and arenas. None is a real game's trademark; weapons are generic classes.

var (
	mobaHeroes = []string{"Aldric", "Brisa", "Caldris", "Dagny", "Eshara", "Fenrik", "Galen", "Halvard", "Iskra", "Jessamy",
		"Kivra", "Lunet", "Morvain", "Nerissa", "Obryn", "Pyrelle", "Quorin", "Rusk", "Saffra", "Tamsin", "Ulrike", "Vesper",
		"Wrenna", "Xanthe", "Orrin", "Zarek", "Amaris", "Brakka", "Corvane", "Delmar", "Ilyra", "Durnok", "Serapha", "Maelis",
		"Torvin", "Ashka", "Briony", "Oriel", "Sylphine", "Tarquin", "Nyxara", "Velka", "Thornwick", "Ysolde", "Grisel", "Hollis",
		"Marrow", "Cinderine"}
	shooterAgents  = []string{"Ember", "Bastille", "Mistral", "Halcyon", "Riftwalker", "Lattice", "Corvid", "Quartz", "Dusk", "Cinder", "Marrow", "Flicker"}
	siegeOperators = []string{"Auger", "Latch", "Drift", "Keystone", "Tripwire", "Shutter", "Halberd", "Kite", "Bulwark", "Lockjaw", "Snare", "Gauntlet"}
	heroRoster     = map[string][]string{
		"Tank":    {"Stonewall", "Monolith", "Brace", "Granite"},
		"Damage":  {"Flint", "Vireo", "Ricochet", "Ardent", "Gale", "Marlow"},
		"Support": {"Solace", "Mender", "Lumen", "Tidecaller", "Sprig"},
	}
	rtsFactions = map[int][]string{18: {"Vanguard", "Brood", "Ascendants"}, 23: {"Crown", "Warclans", "Deathless", "Grovekeepers"}}
	cardClasses = []string{"Mage", "Warrior", "Priest", "Rogue", "Hunter", "Druid", "Shaman", "Warlock", "Paladin"}

	tacticalMaps = map[int][]string{
		GameCS:       {"Harbor", "Citadel", "Foundry", "Quarry", "Monastery", "Canal", "Refinery"},
		GameValorant: {"Solace", "Mirador", "Kiln", "Aether", "Verdant", "Tidewater", "Obsidian"},
		20:           {"Observatory", "Distillery", "Manor House", "Ferry Terminal", "Archive", "Greenhouse", "Ski Lodge"},
		16:           {"Sandstorm Depot", "Old Town", "Rail Yard", "Docklands", "Ice Station", "Market Square", "Silo"},
	}
	modeMaps     = []string{"Highrise Block", "Fishing Port", "Dry Canal", "Stadium Ruins", "Hotel Atrium", "Tram Depot", "Quarry Works"}
	heroMaps     = map[string][]string{"control": {"Lighthouse Point", "Sky Temple", "Coral Reef"}, "escort": {"Old Quarter", "Salt Mine"}, "hybrid": {"Glass Harbour", "Clocktower"}, "push": {"Riverside", "Festival Road"}}
	brMaps       = map[int][]string{5: {"Drylands", "Frostmere", "Verdant Isle", "Ashen Coast"}, 6: {"Drylands", "Frostmere", "Palm Atoll"}, 26: {"Jade Peaks", "Lantern Isle", "Morning Vale"}}
	rtsMaps      = []string{"Ember Ridge", "Twin Moons", "Salt Flats", "Glacier Gate", "Crimson Delta", "Old Forge"}
	arenaNames   = []string{"Neon Dome", "Harbour Park", "Sunset Lot", "Frost Yard", "Canyon Bowl"}
	weaponsFull  = []string{"Assault rifle", "Sniper rifle", "Pistol", "SMG", "Shotgun", "Marksman rifle"}
	weaponsSMG   = []string{"Assault rifle", "SMG", "Light machine gun", "Shotgun", "Pistol"}
	weaponsArena = []string{"Assault rifle", "SMG", "Sniper rifle", "Shotgun"}
)

// mobaPool is the hero pool of a MOBA: every game draws from the invented list with its own
// offset so that their pools differ.
func mobaPool(game int) []string {
	n := 32
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, mobaHeroes[(i*7+game*5)%len(mobaHeroes)])
	}
	return dedupe(out)
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	out := in[:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
