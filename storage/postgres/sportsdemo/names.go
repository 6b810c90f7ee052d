package sportsdemo

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// region is a country or esports scene whose generated names look local: invented towns, club
// name patterns, venue patterns, given names and family names of its language. Nothing here is
// a real club, league or player; towns are invented (a few may exist as small places).
type region struct {
	Country, Code string
	Cities        []string
	Firsts, Lasts []string
	// Club builds a club name from a town (sports clubs); Venue a ground from a town or name.
	Club  func(r *rand.Rand, city string) string
	Venue func(r *rand.Rand, city, last string) string
	// Family names come first (East Asian order).
	FamilyFirst bool
}

func pickS(r *rand.Rand, xs []string) string { return xs[r.IntN(len(xs))] }

var regions = map[string]*region{
	"GB": {Country: "England", Code: "GB",
		Cities: []string{"Northbridge", "Eastvale", "Westmoor", "Southport Green", "Kingsford", "Riverton", "Ashby Vale", "Brookfield", "Clearwater",
			"Dunmore", "Elmstead", "Fairhaven", "Glenrock", "Harrowgate", "Ironwood", "Lakeside", "Millbrook", "Oakridge", "Pinecrest",
			"Redcliff", "Stonehill", "Thornbury", "Whitby Bay", "Coldwater", "Marbleton", "Hollins Cross", "Barrowfield", "Castleford Hill"},
		Firsts: []string{"Oliver", "Harry", "George", "Jack", "Callum", "Declan", "Mason", "Reece", "Liam", "Kieran", "Tom", "Ben", "Josh", "Jamie", "Connor", "Lewis", "Ryan", "Nathan"},
		Lasts:  []string{"Whitaker", "Holloway", "Pemberton", "Ashworth", "Bramley", "Caldwell", "Dawson", "Fletcher", "Hargreaves", "Kershaw", "Lowther", "Marsden", "Naylor", "Oakes", "Prescott", "Radcliffe", "Shepherd", "Thwaite", "Walsh", "Yardley"},
		Club: func(r *rand.Rand, c string) string {
			return c + " " + pickS(r, []string{"Rovers", "United", "Athletic", "Town", "Wanderers", "Albion", "City", "Rangers"})
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return pickS(r, []string{c + " Park", l + " Road", c + " Lane", "The " + c + " Ground"})
		}},
	"ES": {Country: "Spain", Code: "ES",
		Cities: []string{"Valdoria", "San Aurelio", "Montecillo", "Villaseca", "Puerto Alba", "Torremar", "Santa Irene", "Castrellano", "Peñarroja", "Almendral", "Río Claro", "Fuentesol"},
		Firsts: []string{"Javier", "Sergio", "Álvaro", "Iker", "Pablo", "Raúl", "Diego", "Marcos", "Hugo", "Adrián", "Rubén", "Unai", "Borja", "Gonzalo"},
		Lasts:  []string{"Navarro", "Salcedo", "Quintero", "Etxeberria", "Villalba", "Carrasco", "Montero", "Arrieta", "Bermejo", "Lozano", "Iturbe", "Medina"},
		Club: func(r *rand.Rand, c string) string {
			return pickS(r, []string{"Club Deportivo ", "Atlético ", "Unión Deportiva ", "Racing ", "Real Club "}) + c
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return pickS(r, []string{"Estadio Municipal de " + c, "Estadio " + l, "Campo de " + c})
		}},
	"DE": {Country: "Germany", Code: "DE",
		Cities: []string{"Oberfeld", "Rheinau", "Waldstetten", "Lindenbruck", "Hohenmark", "Steinhagen", "Eichenau", "Brunnthal", "Auental", "Bergheide", "Kirchmoor"},
		Firsts: []string{"Lukas", "Jonas", "Felix", "Niklas", "Leon", "Moritz", "Tim", "Florian", "Julian", "Maximilian", "Dominik", "Tobias"},
		Lasts:  []string{"Brenner", "Hoffmeister", "Kessler", "Lindner", "Reinhardt", "Schuster", "Vogt", "Wendland", "Ziegler", "Albrecht", "Brandl", "Hartung"},
		Club: func(r *rand.Rand, c string) string {
			return pickS(r, []string{"FC " + c, "SV " + c + " 09", "TSV " + c, "SpVgg " + c, "FSV " + c})
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return pickS(r, []string{c + "er Waldstadion", "Stadion am " + c + "er Ring", l + "-Arena"})
		}},
	"IT": {Country: "Italy", Code: "IT",
		Cities: []string{"Valtrona", "Castelmonte", "Sanvito Alto", "Porto Lieto", "Montebruno", "Riva Serena", "Acquaviva Lunga", "Borgoleone", "Terranera", "Colleverde"},
		Firsts: []string{"Matteo", "Lorenzo", "Alessandro", "Davide", "Riccardo", "Tommaso", "Federico", "Giacomo", "Simone", "Nicolò", "Andrea", "Luca"},
		Lasts:  []string{"Bellandi", "Ferraresi", "Guidotti", "Lombardo", "Marchetti", "Orsini", "Pellegrini", "Rinaldi", "Santoro", "Testa", "Valsecchi", "Zanetti"},
		Club: func(r *rand.Rand, c string) string {
			return pickS(r, []string{"AC ", "US ", "Sporting ", "AS "}) + c
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return pickS(r, []string{"Stadio " + l, "Stadio Comunale di " + c, "PalaSport " + c})
		}},
	"FR": {Country: "France", Code: "FR",
		Cities: []string{"Vaudrelle", "Saint-Aurèle", "Beaumarais", "Montclair-sur-Loue", "Rochebelle", "Val-Fleuri", "Port-Lisière", "Chantemerle"},
		Firsts: []string{"Théo", "Hugo", "Mathis", "Lucas", "Enzo", "Maxime", "Quentin", "Antoine", "Bastien", "Romain", "Yanis", "Clément"},
		Lasts:  []string{"Marchand", "Lefèvre", "Dufresne", "Garnier", "Morel", "Roussel", "Vasseur", "Caron", "Perrin", "Fabre", "Barbier", "Chevalier"},
		Club: func(r *rand.Rand, c string) string {
			return pickS(r, []string{"Olympique de " + c, "Stade " + c, "AS " + c, "FC " + c})
		},
		Venue: func(r *rand.Rand, c, l string) string { return "Stade " + pickS(r, []string{l, "Municipal de " + c}) }},
	"PT": {Country: "Portugal", Code: "PT",
		Cities: []string{"Vila Serena", "Porto Alvorada", "Campo Dourado", "Ribeira Alta", "Monte Claro", "Santa Luzia do Mar", "Alvorinha"},
		Firsts: []string{"João", "Gabriel", "Rafael", "Tiago", "Diogo", "Rodrigo", "Bruno", "Gonçalo", "Miguel", "André"},
		Lasts:  []string{"Figueira", "Carvalhal", "Moreira", "Teixeira", "Pacheco", "Rebelo", "Sequeira", "Amaral", "Valente", "Correia"},
		Club: func(r *rand.Rand, c string) string {
			return pickS(r, []string{"Sporting Clube de ", "Desportivo de ", "União de ", "Académico de "}) + c
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return "Estádio " + pickS(r, []string{l, "Municipal de " + c})
		}},
	"NL": {Country: "Netherlands", Code: "NL",
		Cities: []string{"Heerdam", "Vlietveen", "Oosterwolde Haven", "Zandwijk", "Rijnoord", "Groenmeer"},
		Firsts: []string{"Daan", "Sem", "Bram", "Thijs", "Jesse", "Ruben", "Stijn", "Lars", "Niels", "Joost"},
		Lasts:  []string{"de Vries", "van Dijkhuis", "Bakker", "Visser", "Smeets", "van Leeuwen", "Mulder", "Hoekstra", "Kuipers", "Vermeulen"},
		Club: func(r *rand.Rand, c string) string {
			return pickS(r, []string{"FC ", "SC ", "VV ", "Sparta "}) + c
		},
		Venue: func(r *rand.Rand, c, l string) string { return pickS(r, []string{c + " Stadion", "Sportpark " + c}) }},
	"US": {Country: "United States", Code: "US",
		Cities: []string{"Lakeport", "Redwood Falls", "Harbor City", "Silver Springs", "Cedar Bluff", "Granite Bay", "Prairie View", "Mesa Verde", "Copper Ridge",
			"Iron Harbor", "Sunset Valley", "Pine Hollow", "Bay Ridge", "Desert Rock", "Summit Lake", "Stone Creek", "Riverbend", "Canyon Springs", "Maple Heights", "Blue Lake"},
		Firsts: []string{"Tyler", "Jalen", "Marcus", "Brandon", "Devin", "Caleb", "Trey", "Jordan", "Isaiah", "Austin", "Darius", "Cody", "Malik", "Hunter", "Xavier", "Dylan"},
		Lasts:  []string{"Whitfield", "Donovan", "Brooks", "Merritt", "Coleman", "Holloway", "Prescott", "Vance", "Whitaker", "Langford", "Sterling", "Ramsey", "McCall", "Bishop", "Harlan", "Tatum"},
		Club: func(r *rand.Rand, c string) string {
			return c + " " + pickS(r, []string{"Comets", "Hawks", "Titans", "Mariners", "Bison", "Storm", "Pioneers", "Rattlers", "Condors", "Outlaws", "Bulldogs", "Miners", "Sentinels", "Coyotes"})
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return pickS(r, []string{c + " Arena", c + " Fieldhouse", l + " Center", c + " Coliseum"})
		}},
	"JP": {Country: "Japan", Code: "JP", FamilyFirst: false,
		Cities: []string{"Kawanami", "Hinokura", "Sakuragawa", "Minamihara", "Tsurugaoka", "Aoyagi", "Kitasato", "Shiranami", "Hoshimiya", "Takanosu", "Yumesaki", "Midorigahama"},
		Firsts: []string{"Haruto", "Sota", "Ren", "Yuto", "Kaito", "Riku", "Daiki", "Shota", "Takumi", "Kenta", "Hayato", "Ryota"},
		Lasts:  []string{"Takeda", "Morikawa", "Shimizu", "Fujiwara", "Okamoto", "Nishida", "Kurosawa", "Hayashi", "Matsuda", "Ishikawa", "Yamaguchi", "Ueno"},
		Club: func(r *rand.Rand, c string) string {
			return c + " " + pickS(r, []string{"Cranes", "Thunderbirds", "Herons", "Foxes", "Kites", "Lanterns", "Waves", "Stars"})
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return c + pickS(r, []string{" Dome", " Stadium", " Ballpark"})
		}},
	"KR": {Country: "South Korea", Code: "KR", FamilyFirst: true,
		Cities: []string{"Seoul", "Busan", "Incheon", "Daegu", "Gwangju", "Suwon"},
		Firsts: []string{"Min-jun", "Ji-ho", "Seo-jun", "Do-yoon", "Ha-jun", "Jae-won", "Hyun-woo", "Tae-yang", "Sung-min", "Woo-jin", "Dong-hyun", "Jun-seo"},
		Lasts:  []string{"Kim", "Park", "Lee", "Choi", "Jung", "Kang", "Cho", "Yoon", "Jang", "Lim", "Han", "Shin"}},
	"CN": {Country: "China", Code: "CN", FamilyFirst: true,
		Cities: []string{"Shanghai", "Chengdu", "Hangzhou", "Wuhan", "Shenzhen", "Xi'an"},
		Firsts: []string{"Hao", "Wei", "Yu", "Jun", "Tao", "Lei", "Chen", "Bo", "Xiang", "Ming", "Kai", "Zhen"},
		Lasts:  []string{"Wang", "Li", "Zhang", "Liu", "Chen", "Yang", "Zhao", "Huang", "Zhou", "Wu", "Xu", "Sun"}},
	"ID": {Country: "Indonesia", Code: "ID",
		Cities: []string{"Jakarta", "Surabaya", "Bandung", "Medan", "Makassar"},
		Firsts: []string{"Rizky", "Andi", "Bayu", "Dimas", "Fajar", "Gilang", "Hendra", "Ilham", "Yoga", "Rangga"},
		Lasts:  []string{"Pratama", "Saputra", "Wijaya", "Nugroho", "Santoso", "Kurniawan", "Hidayat", "Setiawan", "Permana", "Siregar"}},
	"PH": {Country: "Philippines", Code: "PH",
		Cities: []string{"Manila", "Cebu", "Davao", "Iloilo"},
		Firsts: []string{"Mark", "Carlo", "Paolo", "Joshua", "Kyle", "Angelo", "Miguel", "Rafael"},
		Lasts:  []string{"Villanueva", "Santos", "Reyes", "Bautista", "Mendoza", "Aquino", "Navarro", "Castillo"}},
	"VN": {Country: "Vietnam", Code: "VN", FamilyFirst: true,
		Cities: []string{"Hanoi", "Ho Chi Minh City", "Da Nang", "Hai Phong"},
		Firsts: []string{"Minh", "Huy", "Khang", "Long", "Phuc", "Quang", "Thanh", "Tuan"},
		Lasts:  []string{"Nguyen", "Tran", "Le", "Pham", "Hoang", "Vu", "Dang", "Bui"}},
	"TH": {Country: "Thailand", Code: "TH",
		Cities: []string{"Bangkok", "Chiang Mai", "Khon Kaen"},
		Firsts: []string{"Anan", "Chaiwat", "Kittisak", "Nattapong", "Somchai", "Thanakorn", "Wichai", "Pongsak"},
		Lasts:  []string{"Srisuk", "Boonmee", "Chaiyaporn", "Kaewkla", "Rattanakul", "Sukprasert", "Thongdee", "Wongsawat"}},
	"SE": {Country: "Sweden", Code: "SE",
		Cities: []string{"Norrvik", "Stenfors", "Älvby", "Granhamn", "Björkdal", "Sjöholm", "Ljungsund", "Västerlunda", "Isberga", "Frostvik"},
		Firsts: []string{"Erik", "Oskar", "Viktor", "Linus", "Filip", "Axel", "Emil", "Hampus", "Gustav", "Rasmus"},
		Lasts:  []string{"Lindqvist", "Bergström", "Sundberg", "Holmgren", "Ekström", "Nyberg", "Forsberg", "Wikström", "Åkesson", "Lundgren"},
		Club: func(r *rand.Rand, c string) string {
			return c + " " + pickS(r, []string{"IF", "HC", "Hockey", "BK", "AIK"})
		},
		Venue: func(r *rand.Rand, c, l string) string { return c + pickS(r, []string{" Ishall", " Arena", "hallen"}) }},
	"FI": {Country: "Finland", Code: "FI",
		Firsts: []string{"Aleksi", "Eetu", "Joonas", "Lauri", "Mikko", "Otto", "Sami", "Ville"},
		Lasts:  []string{"Korhonen", "Virtanen", "Mäkinen", "Nieminen", "Heikkinen", "Laaksonen", "Rantanen", "Salminen"}},
	"DK": {Country: "Denmark", Code: "DK",
		Firsts: []string{"Mads", "Frederik", "Magnus", "Mathias", "Rasmus", "Jonas", "Oliver", "Emil"},
		Lasts:  []string{"Kjærgaard", "Mortensen", "Thygesen", "Lauridsen", "Skovgaard", "Dahl", "Højer", "Bech"}},
	"PL": {Country: "Poland", Code: "PL",
		Firsts: []string{"Jakub", "Kacper", "Szymon", "Mateusz", "Bartosz", "Paweł", "Michał", "Wojciech"},
		Lasts:  []string{"Nowicki", "Wiśniewski", "Zieliński", "Krawczyk", "Dąbrowski", "Kowalczyk", "Sikora", "Jabłoński"}},
	"UA": {Country: "Ukraine", Code: "UA",
		Firsts: []string{"Oleksandr", "Dmytro", "Andriy", "Maksym", "Bohdan", "Yaroslav", "Taras", "Vladyslav"},
		Lasts:  []string{"Kovalenko", "Bondarenko", "Tkachenko", "Shevchuk", "Melnyk", "Kravets", "Savchenko", "Lysenko"}},
	"BR": {Country: "Brazil", Code: "BR",
		Firsts: []string{"Lucas", "Gabriel", "Matheus", "Felipe", "Vinícius", "Gustavo", "Thiago", "Caio"},
		Lasts:  []string{"Azevedo", "Barbosa", "Cardoso", "Duarte", "Fonseca", "Macedo", "Peixoto", "Tavares"}},
	"IN": {Country: "India", Code: "IN",
		Cities: []string{"Navagiri", "Suryanagar", "Kalinda", "Amarpur", "Devgarh", "Ratnapuri", "Shantipur", "Vijaypur"},
		Firsts: []string{"Arjun", "Rohan", "Karthik", "Aditya", "Vikram", "Siddharth", "Pranav", "Rahul", "Ishaan", "Harsh", "Nikhil", "Varun"},
		Lasts:  []string{"Mehta", "Iyer", "Rao", "Kulkarni", "Deshpande", "Nair", "Chauhan", "Bhatt", "Saxena", "Reddy", "Pillai", "Joshi"},
		Club: func(r *rand.Rand, c string) string {
			return c + " " + pickS(r, []string{"Chargers", "Strikers", "Tuskers", "Panthers", "Cyclones", "Falcons", "Warriors", "Mavericks"})
		},
		Venue: func(r *rand.Rand, c, l string) string {
			return pickS(r, []string{c + " Cricket Ground", l + " Stadium"})
		}},
	"AU": {Country: "Australia", Code: "AU",
		Firsts: []string{"Mitchell", "Lachlan", "Bailey", "Cooper", "Harrison", "Jayden"},
		Lasts:  []string{"Hartigan", "Mulligan", "Doyle", "Kendall", "Fraser", "Whitlam"}},
	"CA": {Country: "Canada", Code: "CA",
		Firsts: []string{"Tristan", "Carter", "Logan", "Owen", "Nolan", "Brody"},
		Lasts:  []string{"Beaulieu", "MacLeod", "Tremblay", "Gagnon", "Sinclair", "Desjardins"}},
	"AR": {Country: "Argentina", Code: "AR",
		Firsts: []string{"Facundo", "Tomás", "Agustín", "Franco", "Nicolás", "Santiago"},
		Lasts:  []string{"Aguirre", "Benítez", "Cabral", "Ledesma", "Sosa", "Villarreal"}},
	"RS": {Country: "Serbia", Code: "RS",
		Firsts: []string{"Nikola", "Stefan", "Luka", "Marko", "Vuk", "Filip"},
		Lasts:  []string{"Petrović", "Jovanović", "Nikolić", "Marković", "Đorđević", "Stanković"}},
	"GE": {Country: "Georgia", Code: "GE",
		Firsts: []string{"Giorgi", "Levan", "Davit", "Irakli", "Nika"},
		Lasts:  []string{"Beridze", "Kapanadze", "Gelashvili", "Lomidze", "Tsiklauri"}},
	"NG": {Country: "Nigeria", Code: "NG",
		Firsts: []string{"Chinedu", "Emeka", "Tunde", "Oluwaseun", "Ifeanyi", "Kelechi"},
		Lasts:  []string{"Okonkwo", "Adeyemi", "Eze", "Balogun", "Nwosu", "Okafor"}},
	"SN": {Country: "Senegal", Code: "SN",
		Firsts: []string{"Moussa", "Ibrahima", "Cheikh", "Pape", "Mamadou"},
		Lasts:  []string{"Diallo", "Ndiaye", "Sarr", "Faye", "Gueye"}},
}

// pools are the nationalities drawn for each kind of league besides its home region.
var (
	europePool   = []string{"GB", "ES", "DE", "IT", "FR", "PT", "NL", "SE", "DK", "PL", "RS", "BR", "AR", "NG", "SN"}
	worldPool    = []string{"US", "ES", "FR", "DE", "IT", "GB", "RS", "AR", "AU", "JP", "CN", "KR", "CA", "BR", "GE"}
	esportsEU    = []string{"DK", "SE", "FR", "PL", "UA", "DE", "FI", "BR", "GB", "ES"}
	esportsAsia  = []string{"KR", "CN", "VN", "TH", "ID", "PH", "JP"}
	snookerPool  = []string{"GB", "GB", "GB", "CN", "CN", "AU", "BR", "TH", "DE", "IN"}
	racquetPool  = []string{"CN", "JP", "KR", "DK", "ID", "IN", "TH", "FR", "DE", "SE"}
	combatPool   = []string{"US", "BR", "GE", "RS", "NG", "PL", "CA", "AU", "KR", "JP"}
	strategyPool = []string{"KR", "CN", "FI", "PL", "DE", "FR", "SE", "UA", "US", "CA"}
)

// person draws a believable name of region code, "Given Family" (or "Family Given" where that is
// the custom).
func person(r *rand.Rand, code string) string {
	rg := regions[code]
	if rg == nil {
		rg = regions["GB"]
	}
	f, l := pickS(r, rg.Firsts), pickS(r, rg.Lasts)
	if rg.FamilyFirst {
		return l + " " + f
	}
	return f + " " + l
}

// handles are invented gamer tags.
var handles = []string{"Blaze", "Cipherix", "Drift", "Echo", "Frostbyte", "Ghostly", "Havoc", "Ionis", "Jolt", "Lynx", "Mirra", "Nocturn",
	"Orbit", "Pixel", "Quiver", "Raven", "Shade", "Titanis", "Umbra", "Viperine", "Wraith", "Xeno", "Yeti", "Zephyr", "Aster", "Bolt", "Cobalt",
	"Dusk", "Ember", "Flux", "Glint", "Hex", "Indigo", "Jester", "Kestrel", "Lumen", "Mako", "Nimbus", "Onyx", "Prism", "Quill", "Rune", "Sable",
	"Tempo", "Uplink", "Vanta", "Whisper", "Zenith", "Arcade", "Brisk", "Crux", "Dyno", "Fable", "Gale", "Hollow", "Ivory", "Juno", "Kairo"}

// handle draws a gamer tag, sometimes with a number as many have.
func handle(r *rand.Rand) string {
	h := pickS(r, handles)
	switch r.IntN(5) {
	case 0:
		return strings.ToLower(h)
	case 1:
		return fmt.Sprintf("%s%d", h, 1+r.IntN(99))
	}
	return h
}

// esports organisation names.
var (
	orgHeads = []string{"Ashgrove", "Blackpine", "Brightforge", "Coldharbor", "Duskwind", "Emberline", "Frostvale", "Glasshaven", "Highwater",
		"Ironvale", "Larkspur", "Moonfall", "Nightglass", "Oakenshade", "Quillfire", "Ravenmoor", "Stormfall", "Sunforge", "Tidebreak",
		"Umberline", "Vantaline", "Wildmere", "Zephyrline", "Cinderfell"}
	orgTails = []string{"Gaming", "Esports", "Club", "Academy", "Collective", "Squad", "Five", "GG"}
)
