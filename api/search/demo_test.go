package search

import "testing"

func TestDemoNativeNames(t *testing.T) {
	for _, c := range []struct{ name, country, native, lang string }{
		{"Zhang Tao", "China", "张涛", "zh_CN"},
		{"Moonfall Gaming", "China", "月落电竞", "zh_CN"},
		{"Ryota Ueno", "Japan", "上野涼太", "jp"},
		{"Aoyagi Herons", "Japan", "青柳ヘロンズ", "jp"},
		{"Choi Seo-jun", "South Korea", "최서준", "ko"},
		{"Kittisak Thongdee", "Thailand", "กิตติศักดิ์ ทองดี", "thai"},
		{"Jade Crown League", "", "玉冠联赛", "zh_CN"},
		{"Moonfall Gaming", "South Korea", "", ""},
		{"Northbridge Rovers", "England", "", ""},
	} {
		if n, l := NativeName(c.name, c.country); n != c.native || l != c.lang {
			t.Errorf("NativeName(%q, %q) = %q %q, want %q %q", c.name, c.country, n, l, c.native, c.lang)
		}
	}
}
