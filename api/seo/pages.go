package seo

// Kind is what a page shows, which decides its structured data and og:type.
type Kind int

// The kinds of pages.
const (
	KindPage       Kind = iota // an ordinary page: WebPage
	KindHome                   // the home page: WebSite with a SearchAction
	KindCollection             // a list (matches, streamers, news of a game): CollectionPage
	KindLive                   // a live room: VideoObject with a live BroadcastEvent
	KindMatch                  // a match: SportsEvent
	KindArticle                // a news article: NewsArticle
	KindVideo                  // a recorded video: VideoObject
	KindStreamer               // a streamer's page: ProfilePage about a Person
	KindLeague                 // a competition: SportsOrganization
	KindTeam                   // a team: SportsTeam
	KindPlayer                 // a player: ProfilePage about a Person
	KindSearch                 // search results: SearchResultsPage, never indexed
)

// page is what the head needs to know of one page of the route table.
type page struct {
	kind Kind
	// private pages belong to a signed-in user, a streamer, a channel or staff: crawlers are
	// told not to index them and they never appear in a sitemap.
	private bool
	// param is the route parameter the title names: "game" (shown by its localized name),
	// "list" (the match list's game group or game, by its localized name) or "text" (a search,
	// shown as typed). Pages with an Entity name it instead.
	param string
}

// pages is every page of the route table by name (routes.json "page"). A page missing here gets
// the generic head of KindPage; a test keeps the table and routes.json in step, so every page has
// its own title in the catalogue (seo.title.<page>).
var pages = map[string]page{
	"home":             {kind: KindHome},
	"liveIndex":        {kind: KindCollection},
	"liveRoom":         {kind: KindLive},
	"liveData":         {kind: KindPage},
	"multiView":        {kind: KindPage},
	"customLive":       {kind: KindPage},
	"anchorIndex":      {kind: KindCollection},
	"anchorList":       {kind: KindCollection},
	"anchor":           {kind: KindStreamer},
	"matchList":        {kind: KindCollection, param: "list"},
	"schedule":         {kind: KindCollection},
	"game":             {kind: KindCollection, param: "game"},
	"footballAlias":    {kind: KindCollection}, // /football: the client sends it on to /soccer
	"gameData":         {kind: KindCollection, param: "game"},
	"match":            {kind: KindMatch},
	"leagueIndex":      {kind: KindCollection},
	"league":           {kind: KindLeague},
	"leagueTab":        {kind: KindLeague}, // /leagueLibrary/{id}/{libraryTab}: the same competition, one tab of it
	"teamIndex":        {kind: KindCollection},
	"team":             {kind: KindTeam},
	"teamTab":          {kind: KindTeam},
	"playerIndex":      {kind: KindCollection},
	"player":           {kind: KindPlayer},
	"playerTab":        {kind: KindPlayer},
	"newsIndex":        {kind: KindCollection},
	"newsList":         {kind: KindCollection, param: "game"},
	"news":             {kind: KindArticle},
	"newsArticle":      {kind: KindArticle},
	"videoListAll":     {kind: KindCollection},
	"videoIndex":       {kind: KindCollection, param: "game"},
	"videoList":        {kind: KindCollection, param: "game"},
	"video":            {kind: KindVideo},
	"videoNoGame":      {kind: KindVideo},
	"expertHome":       {kind: KindCollection},
	"expertList":       {kind: KindCollection},
	"expertSpecialist": {kind: KindCollection},
	"expert":           {kind: KindPage},
	"expertPlan":       {kind: KindPage},
	"shop":             {kind: KindCollection},
	"shopItem":         {kind: KindPage},
	"search":           {kind: KindSearch, param: "text"},
	"searchShort":      {kind: KindSearch, param: "text"},
	"userProfile":      {kind: KindPage},
	"about":            {kind: KindPage},
	"protocol":         {kind: KindPage},
	"protocolIndex":    {kind: KindCollection},
	"certificate":      {kind: KindPage},
	"download":         {kind: KindPage},
	"customerService":  {kind: KindPage},
	"selfTest":         {kind: KindPage, private: true},
	"caijian":          {kind: KindPage, private: true},
	"jiami":            {kind: KindPage}, // how the site protects data: public, indexed
	"svga":             {kind: KindPage, private: true},
	"networkError":     {kind: KindPage, private: true},
	"accessDenied":     {kind: KindPage, private: true},
	"notFound":         {kind: KindPage, private: true},

	"recharge":           {kind: KindPage, private: true},
	"vip":                {kind: KindPage, private: true},
	"diamondDetails":     {kind: KindPage, private: true},
	"userArea":           {kind: KindPage, private: true},
	"userInfo":           {kind: KindPage, private: true},
	"userSetting":        {kind: KindPage, private: true},
	"userFocus":          {kind: KindPage, private: true},
	"levelPowers":        {kind: KindPage, private: true},
	"messages":           {kind: KindPage, private: true},
	"tasks":              {kind: KindPage, private: true},
	"preferences":        {kind: KindPage, private: true},
	"sentGifts":          {kind: KindPage, private: true},
	"shopRedemptions":    {kind: KindPage, private: true},
	"orders":             {kind: KindPage, private: true},
	"blindBoxes":         {kind: KindPage, private: true},
	"userNews":           {kind: KindPage, private: true},
	"userPosts":          {kind: KindPage, private: true},
	"anchorCenter":       {kind: KindPage, private: true},
	"anchorLiveSettings": {kind: KindPage, private: true},
	"anchorRevenue":      {kind: KindPage, private: true},
	"anchorLiveLink":     {kind: KindPage, private: true},
	"anchorRules":        {kind: KindPage},
	"backOffice":         {kind: KindPage, private: true},
	"expertMyPlans":      {kind: KindPage, private: true},
	"channel":            {kind: KindPage, private: true},
	"channelGold":        {kind: KindPage, private: true},
	"channelStatistics":  {kind: KindPage, private: true},
	"channelUsers":       {kind: KindPage, private: true},
	"channelDetails":     {kind: KindPage, private: true},
	"creatorCenter":      {kind: KindPage, private: true},
	"creatorData":        {kind: KindPage, private: true},
	"creatorPlanForm":    {kind: KindPage, private: true},
	"creatorPlans":       {kind: KindPage, private: true},
}

// Pages lists the page names this package has a head for (for tests that keep the route table and
// the catalogue in step).
func Pages() []string {
	out := make([]string, 0, len(pages))
	for name := range pages {
		out = append(out, name)
	}
	return out
}

// Private reports whether page is a signed-in user's or staff's page (noindex, no sitemap).
func Private(page string) bool { return pages[page].private }
