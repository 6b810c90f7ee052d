package news

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Demo articles (the demo flag, engine/news.go): written for this product in English, Chinese,
// Spanish and Arabic, for several games; match previews for upcoming demo matches name their real
// teams. Pictures are the drawn covers (cover.go). Each has a DemoKey, so seeding twice writes once.

type demoText struct {
	lang, title, summary string
	body                 []string
}

func blocks(paras []string, match string) json.RawMessage {
	var out []Block
	for i, p := range paras {
		if strings.HasPrefix(p, "## ") {
			out = append(out, Block{Type: BlockHeading, Text: strings.TrimPrefix(p, "## ")})
		} else if strings.HasPrefix(p, "> ") {
			out = append(out, Block{Type: BlockQuote, Text: strings.TrimPrefix(p, "> ")})
		} else {
			out = append(out, Block{Type: BlockParagraph, Text: p})
		}
		if i == 0 && match != "" {
			out = append(out, Block{Type: BlockMatch, MatchID: match})
		}
	}
	b, _ := json.Marshal(out)
	return b
}

// previewText is a preview of home against away in lang.
func previewText(lang, home, away, league string) demoText {
	switch lang {
	case "zh_CN":
		return demoText{lang, fmt.Sprintf("%s 对阵 %s：赛前前瞻", home, away),
			fmt.Sprintf("%s 焦点战即将打响，两队近期状态与关键对位一文看懂。", league),
			[]string{
				fmt.Sprintf("%s 将在主场迎战 %s。两队在积分榜上咬得很紧，这场比赛的结果可能直接影响接下来几轮的走势。", home, away),
				"## 近期状态",
				fmt.Sprintf("%s 最近五场比赛保持着稳定的输出，防守端的失误明显减少；%s 则依靠快速反击拿到了关键分数，但客场表现仍有波动。", home, away),
				"## 关键对位",
				"中路的争夺将决定比赛节奏。谁能在开局阶段掌握主动，谁就更有机会把比赛拖入自己熟悉的节奏。",
				"> 我们不会改变自己的打法，细节会决定一切。——主队主教练",
				"Courtside 将提供全场文字直播、实时数据和主播解说，欢迎在评论区留下你的比分预测。",
			}}
	case "es":
		return demoText{lang, fmt.Sprintf("%s contra %s: previa del partido", home, away),
			fmt.Sprintf("Todo lo que hay que saber antes del duelo de %s: forma, bajas y duelos clave.", league),
			[]string{
				fmt.Sprintf("%s recibe a %s en uno de los partidos más esperados de la jornada. Ambos llegan con la necesidad de sumar.", home, away),
				"## Cómo llegan",
				fmt.Sprintf("%s ha encadenado buenos resultados gracias a una defensa ordenada, mientras que %s vive de su velocidad en las transiciones y de la pegada de su delantera.", home, away),
				"## El duelo clave",
				"La batalla en el centro marcará el ritmo. Quien controle los primeros minutos tendrá medio partido ganado.",
				"> Sabemos lo que nos jugamos; vamos a salir a por el partido desde el primer minuto.",
				"Sigue el partido en directo en Courtside con estadísticas en tiempo real y deja tu pronóstico en los comentarios.",
			}}
	case "ar":
		return demoText{lang, fmt.Sprintf("معاينة مباراة %s و%s", home, away),
			fmt.Sprintf("كل ما تحتاج معرفته قبل قمة %s: المستوى الحالي والغيابات والمواجهات الحاسمة.", league),
			[]string{
				fmt.Sprintf("يستضيف %s فريق %s في واحدة من أبرز مواجهات الجولة، ويحتاج فيها الفريقان إلى النقاط.", home, away),
				"## المستوى الحالي",
				fmt.Sprintf("حقق %s نتائج ثابتة في آخر خمس مباريات بفضل دفاع منظم، بينما يعتمد %s على المرتدات السريعة وقوة خط الهجوم.", home, away),
				"## المواجهة الحاسمة",
				"الصراع في وسط الملعب سيحدد إيقاع المباراة، ومن يسيطر على الدقائق الأولى سيقترب كثيراً من الفوز.",
				"> نعرف أهمية هذه المباراة، وسندخلها بهدف واحد هو الفوز.",
				"تابع المباراة مباشرة على Courtside مع الإحصاءات الحية، وشاركنا توقعك في التعليقات.",
			}}
	}
	return demoText{"en_US", fmt.Sprintf("%s vs %s: preview and what to watch", home, away),
		fmt.Sprintf("Form, absences and the match-ups that will decide the %s meeting.", league),
		[]string{
			fmt.Sprintf("%s host %s in one of the standout fixtures of the round. Both sides need the points, and neither can afford a slow start.", home, away),
			"## Form guide",
			fmt.Sprintf("%s have been hard to break down lately, conceding little and controlling games from the middle. %s rely on pace in transition and have scored in each of their recent outings, though their away form has wobbled.", home, away),
			"## The key battle",
			"The fight for the centre will set the tempo. Whoever wins the early duels gets to play the game on their own terms.",
			"> We know what this game means. We will not change who we are; the details will decide it.",
			"Follow it live on Courtside with text commentary, live stats and streamers' commentary, and leave your score prediction in the comments.",
		}}
}

// demoNews are articles not tied to a match: (demo key, game, type, text).
var demoNews = []struct {
	key  string
	game int
	typ  string
	t    demoText
}{
	{"soccer-weekend", 202, "analysis", demoText{"en_US", "Late winners and a crowded top four: the weekend in review",
		"Three stoppage-time goals, a goalkeeper's masterclass and a table that refuses to settle.",
		[]string{"It was a weekend for the patient. Three of the round's fixtures were settled after the ninetieth minute, and the gap between second and fifth place is now two points.",
			"## Goalkeepers steal the show", "Two keepers made eight saves or more, and the division's best defence kept its sixth clean sheet in nine games.",
			"## What comes next", "A midweek round follows, and squads that rotated wisely on Saturday will be glad they did."}}},
	{"soccer-transfer", 202, "transfer", demoText{"es", "Mercado de invierno: los cinco fichajes que pueden cambiarlo todo",
		"Porteros, laterales y un delantero centro: repasamos las necesidades de los grandes.",
		[]string{"Con la ventana de invierno a la vuelta de la esquina, los clubes de la parte alta de la tabla ya mueven ficha.",
			"## Un nueve de área", "Al menos tres aspirantes al título buscan un delantero que resuelva partidos cerrados.",
			"## Laterales con recorrido", "El perfil más buscado: defensas capaces de sumarse al ataque sin descuidar la espalda."}}},
	{"basketball-rotation", 201, "analysis", demoText{"es", "El base que cambió la rotación: cinco claves de la semana",
		"Defensa en cambios, triples en transición y un segundo quinteto que ya decide partidos.",
		[]string{"La semana dejó una certeza: el banquillo también gana partidos. El segundo quinteto fue decisivo en tres de las cuatro victorias.",
			"## Triples en transición", "Los equipos que más lanzan tras rebote defensivo son también los que mejor ataque tienen de la liga."}}},
	{"basketball-mvp", 201, "news", demoText{"zh_CN", "常规赛过半：MVP 争夺进入白热化",
		"三名候选人场均数据全面开花，球队战绩成为最后的分水岭。",
		[]string{"常规赛已经过半，MVP 的争夺比往年更加激烈。三名热门候选人的场均得分都超过了 28 分。",
			"## 战绩决定一切", "历史上，MVP 几乎都出自联盟前三的球队，这让下半程的每一场比赛都至关重要。"}}},
	{"lol-patch", 1, "news", demoText{"zh_CN", "新版本上线：打野节奏重回主导",
		"野区经验调整与峡谷先锋改动，让前期入侵重新变得有利可图。",
		[]string{"新版本对野区经验进行了调整，打野英雄在三级前的节奏明显加快。职业赛场上，前十分钟的击杀数已经回升。",
			"## 哪些英雄受益", "擅长前期入侵的打野英雄出场率大幅上升，而依赖后期的英雄则开始淡出 BP。",
			"> 版本更快了，先手的一方会更有优势。——某战队教练"}}},
	{"lol-worlds", 1, "interview", demoText{"en_US", "\"We play for the late game now\": a support player on the new meta",
		"Vision, patience and why the fourth dragon matters more than ever.",
		[]string{"We sat down with a veteran support player after a long week of scrims to talk about how the game has changed.",
			"> Teams used to force fights at fifteen minutes. Now everyone waits for the fourth dragon and plays the map slowly.",
			"## On vision", "Control wards are the cheapest insurance in the game, and the best teams place twice as many as the rest."}}},
	{"cs-major", 2, "news", demoText{"ar", "تشكيلة جديدة وطموح كبير قبل البطولة الكبرى",
		"فريقان من أبرز المرشحين يعلنان تغييرات في التشكيلة قبل أسابيع من البطولة.",
		[]string{"أعلن فريقان من أبرز المرشحين للقب عن تغييرات في تشكيلتيهما قبل أسابيع قليلة من انطلاق البطولة الكبرى.",
			"## لماذا الآن؟", "يرى المحللون أن الوقت ما زال كافياً لبناء الانسجام، خاصة مع جدول تدريبات مكثف.",
			"> هدفنا واضح: الوصول إلى المباراة النهائية.", "ستنقل Courtside المباريات مباشرة مع الإحصاءات الحية لكل جولة."}}},
	{"cs-maps", 2, "analysis", demoText{"en_US", "Map pool report: why Ancient keeps deciding series",
		"CT-sided numbers, pistol rounds and the veto trends of the top eight teams.",
		[]string{"Ancient has been picked in more than half of the top-eight series this month, and the team that wins its pistol rounds has taken the map 68% of the time.",
			"## Veto trends", "Mirage remains the comfort pick, but the first ban has shifted to Nuke for most contenders."}}},
	{"dota2-meta", 4, "analysis", demoText{"es", "Dota 2: el parche que devolvió el protagonismo a los soportes",
		"Más oro para las posiciones cuatro y cinco y un Roshan que obliga a pelear antes.",
		[]string{"El último parche reparte más oro a los soportes y adelanta la primera aparición de Roshan.",
			"## Peleas más tempranas", "La duración media de las partidas profesionales ha bajado casi cuatro minutos."}}},
	{"valorant-finals", 14, "news", demoText{"zh_CN", "无畏契约：决赛名单出炉，两支黑马闯入最后阶段",
		"积分赛最后一轮上演逆转，新人选手成为全场焦点。",
		[]string{"积分赛最后一轮上演大逆转，两支此前不被看好的队伍成功闯入决赛阶段。",
			"## 新人崛起", "一名首个赛季的决斗者选手在三张地图中都拿到了全场最高的 ACS。"}}},
	{"tennis-indoor", 203, "news", demoText{"ar", "موسم الملاعب المغطاة: من يملك أفضل إرسال؟",
		"الأرقام تكشف من يكسب النقاط الأسهل على الملاعب السريعة.",
		[]string{"مع انطلاق موسم الملاعب المغطاة، تصبح قوة الإرسال العامل الحاسم في كثير من المباريات.",
			"## الأرقام", "يفوز أفضل خمسة لاعبين بأكثر من 85% من أشواط إرسالهم على الملاعب السريعة."}}},
	{"tennis-rankings", 203, "news", demoText{"en_US", "Rankings race: three players, one year-end number one",
		"The final indoor events will decide who finishes the season on top.",
		[]string{"Three players can still finish the year as world number one, and the last two indoor events carry enough points to decide it.",
			"## The maths", "A title in the final event is worth more than the gap between first and third."}}},
}

// DemoMatch is an upcoming demo match to preview.
type DemoMatch struct {
	Card   MatchCard
	League string
}

// DemoArticles are the demo articles at now: previews of matches (one language each, in turn),
// published a few hours ago, and news of several games published over the past days; one news item
// is scheduled for tomorrow (it appears then).
func DemoArticles(matches []DemoMatch, now time.Time) []Article {
	var out []Article
	langs := []string{"en_US", "zh_CN", "es", "ar"}
	for i, m := range matches {
		c := m.Card
		if c.Home == "" || c.Away == "" || c.HomeID == c.AwayID || c.Home == c.Away {
			continue
		}
		t := previewText(langs[i%len(langs)], c.Home, c.Away, m.League)
		out = append(out, Article{Game: c.Game, Type: "preview", Title: t.title, Summary: t.summary, Body: blocks(t.body, c.ID),
			AuthorName: "Courtside", Tags: []string{m.League}, Matches: []string{c.ID}, Teams: []string{c.HomeID, c.AwayID},
			Lang: t.lang, State: StatePublished, PublishAt: now.Add(-time.Duration(2+i) * time.Hour), Views: int64(120 + 37*i),
			DemoKey: "preview:" + c.ID})
	}
	for i, n := range demoNews {
		a := Article{Game: n.game, Type: n.typ, Title: n.t.title, Summary: n.t.summary, Body: blocks(n.t.body, ""),
			AuthorName: "Courtside", Lang: n.t.lang, State: StatePublished,
			PublishAt: now.Add(-time.Duration(6+11*i) * time.Hour), Views: int64(300 + 91*((i*7)%11)), DemoKey: "news:" + n.key}
		out = append(out, a)
	}
	out = append(out, Article{Game: 202, Type: "news", Title: "Coming tomorrow: the winter schedule, round by round",
		Summary: "Every fixture of the winter weeks, with kick-off times in your time zone.", AuthorName: "Courtside",
		Body: blocks([]string{"The full winter schedule is published here tomorrow morning."}, ""), Lang: "en_US",
		State: StateScheduled, PublishAt: now.Add(24 * time.Hour), DemoKey: "news:winter-schedule"})
	return out
}
