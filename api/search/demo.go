package search

import (
	"context"
	"strings"
	"time"
)

// The demo data's teams, players and leagues carry Latin names only; on a real site a provider
// gives native names. DemoAliases records native-script names for the demo's Chinese, Japanese,
// Korean and Thai names and the esports organisations of China, so a fan finds 张涛 and Zhang Tao,
// 月落电竞 and Moonfall Gaming alike. Idempotent; it returns the number of teams it looked at.
func (s *Service) DemoAliases(ctx context.Context) (int, error) {
	teams := 0
	for _, kind := range []Kind{KindTeam, KindPlayer, KindLeague} {
		rows, err := s.store.SearchNames(ctx, string(kind))
		if err != nil {
			return 0, err
		}
		if kind == KindTeam {
			teams = len(rows)
		}
		for _, r := range rows {
			native, lang := NativeName(r.Name, r.Country)
			if native == "" {
				continue
			}
			if err := s.store.PutAlias(ctx, string(kind), r.ID, native, lang); err != nil {
				return 0, err
			}
		}
	}
	return teams, nil
}

// SeedDemo waits for the demo's sports data (the simulator writes it when the node starts), records
// the native names and re-reads every thing, writing those whose document changed (the ones that
// gained a native name, or everything when Run's first reindex has not run yet), so they are found
// at once. It returns when done or ctx ends.
func (s *Service) SeedDemo(ctx context.Context) error {
	for {
		n, err := s.DemoAliases(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			return s.refreshAll(ctx)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(2 * time.Second):
		}
	}
}

// demoScripts are the demo's romanized name parts and their native spellings, per language.
var demoScripts = []struct {
	lang, sep string
	swap      bool // reverse a two-part Latin name (Japanese names are Latin "Given Family", native "Family Given")
	parts     map[string]string
}{
	{"zh_CN", "", false, map[string]string{
		"Wang": "王", "Li": "李", "Zhang": "张", "Liu": "刘", "Chen": "陈", "Yang": "杨", "Zhao": "赵", "Huang": "黄", "Zhou": "周", "Wu": "吴",
		"Xu": "徐", "Sun": "孙", "Hao": "浩", "Wei": "伟", "Yu": "宇", "Jun": "俊", "Tao": "涛", "Lei": "磊", "Bo": "博", "Xiang": "翔",
		"Ming": "明", "Kai": "凯", "Zhen": "振"}},
	{"jp", "", true, map[string]string{
		"Haruto": "陽翔", "Sota": "蒼太", "Ren": "蓮", "Yuto": "悠斗", "Kaito": "海斗", "Riku": "陸", "Daiki": "大輝", "Shota": "翔太",
		"Takumi": "拓海", "Kenta": "健太", "Hayato": "隼人", "Ryota": "涼太", "Takeda": "武田", "Morikawa": "森川", "Shimizu": "清水",
		"Fujiwara": "藤原", "Okamoto": "岡本", "Nishida": "西田", "Kurosawa": "黒沢", "Hayashi": "林", "Matsuda": "松田", "Ishikawa": "石川",
		"Yamaguchi": "山口", "Ueno": "上野",
		// Baseball towns and nicknames ("Aoyagi Herons" → 青柳ヘロンズ).
		"Kawanami": "川波", "Hinokura": "日野倉", "Sakuragawa": "桜川", "Minamihara": "南原", "Tsurugaoka": "鶴丘", "Aoyagi": "青柳",
		"Kitasato": "北里", "Shiranami": "白波", "Hoshimiya": "星宮", "Takanosu": "鷹巣", "Yumesaki": "夢崎", "Midorigahama": "緑ヶ浜",
		"Cranes": "クレインズ", "Thunderbirds": "サンダーバーズ", "Herons": "ヘロンズ", "Foxes": "フォクシーズ", "Kites": "カイツ",
		"Lanterns": "ランタンズ", "Waves": "ウェーブス", "Stars": "スターズ"}},
	{"ko", "", false, map[string]string{
		"Kim": "김", "Park": "박", "Lee": "이", "Choi": "최", "Jung": "정", "Kang": "강", "Cho": "조", "Yoon": "윤", "Jang": "장", "Lim": "임",
		"Han": "한", "Shin": "신", "Min-jun": "민준", "Ji-ho": "지호", "Seo-jun": "서준", "Do-yoon": "도윤", "Ha-jun": "하준", "Jae-won": "재원",
		"Hyun-woo": "현우", "Tae-yang": "태양", "Sung-min": "성민", "Woo-jin": "우진", "Dong-hyun": "동현", "Jun-seo": "준서"}},
	{"thai", " ", false, map[string]string{
		"Anan": "อนันต์", "Chaiwat": "ชัยวัฒน์", "Kittisak": "กิตติศักดิ์", "Nattapong": "ณัฐพงษ์", "Somchai": "สมชาย", "Thanakorn": "ธนกร",
		"Wichai": "วิชัย", "Pongsak": "พงศ์ศักดิ์", "Srisuk": "ศรีสุข", "Boonmee": "บุญมี", "Chaiyaporn": "ชัยพร", "Kaewkla": "แก้วกล้า",
		"Rattanakul": "รัตนกุล", "Sukprasert": "สุขประเสริฐ", "Thongdee": "ทองดี", "Wongsawat": "วงศ์สวัสดิ์"}},
}

// demoOrgs are the Chinese names of the demo's esports organisations (teams of China).
var demoOrgs = map[string]string{
	"Moonfall": "月落", "Stormfall": "风暴", "Frostvale": "霜谷", "Nightglass": "夜镜", "Blackpine": "黑松", "Quillfire": "羽火",
	"Glasshaven": "镜港", "Ravenmoor": "鸦沼", "Tidebreak": "破浪", "Larkspur": "飞燕", "Ashgrove": "灰林", "Cinderfell": "烬落",
	"Zephyrline": "西风", "Brightforge": "明锻", "Ironvale": "铁谷", "Coldharbor": "寒港", "Sunforge": "日锻", "Vantaline": "先锋",
	"Wildmere": "野湖", "Highwater": "高水", "Oakenshade": "橡荫", "Emberline": "余烬", "Duskwind": "暮风",
	"Gaming": "电竞", "Esports": "电竞", "Club": "俱乐部", "Academy": "青训", "Collective": "联盟", "Squad": "战队", "Five": "五人组", "GG": "GG",
}

// demoLeagues are the native names of the demo's Asian leagues.
var demoLeagues = map[string][2]string{
	"Jade Crown League":           {"玉冠联赛", "zh_CN"},
	"Jade Peaks Invitational":     {"玉峰邀请赛", "zh_CN"},
	"Asia Table Tennis Series":    {"亚洲乒乓球系列赛", "zh_CN"},
	"Hangang Premier Series":      {"한강 프리미어 시리즈", "ko"},
	"Pacific Rim Baseball League": {"環太平洋野球リーグ", "jp"},
}

// NativeName is the native-script spelling of a demo name and its language, or "" when the name is
// not one of the demo's Asian names. country is the team's country or the player's nationality.
func NativeName(name, country string) (string, string) {
	if l, ok := demoLeagues[name]; ok {
		return l[0], l[1]
	}
	words := strings.Fields(name)
	if len(words) < 2 {
		return "", ""
	}
	if country == "China" {
		var b strings.Builder
		for _, w := range words {
			n, ok := demoOrgs[w]
			if !ok {
				b.Reset()
				break
			}
			b.WriteString(n)
		}
		if b.Len() > 0 {
			return b.String(), "zh_CN"
		}
	}
	for _, sc := range demoScripts {
		out := make([]string, 0, len(words))
		for _, w := range words {
			n, ok := sc.parts[w]
			if !ok {
				out = nil
				break
			}
			out = append(out, n)
		}
		if out == nil {
			continue
		}
		if sc.swap && len(out) == 2 && isPerson(words) {
			out[0], out[1] = out[1], out[0]
		}
		return strings.Join(out, sc.sep), sc.lang
	}
	return "", ""
}

// isPerson: a Japanese "Given Family" name rather than a "Town Nickname" team (whose nickname is an
// English plural).
func isPerson(words []string) bool {
	last := words[len(words)-1]
	return !strings.HasSuffix(last, "s")
}
