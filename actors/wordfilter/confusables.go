package wordfilter

import (
	"sync"
	"unicode"
)

// lookalikeList pairs runes that evaders put in the place of Latin letters with the letter they
// imitate. It is applied after NFKD (which already turns full-width, mathematical, circled and
// superscript letters into plain ones), and after case folding: each entry stands for its whole
// case-folding orbit, so Cyrillic 'а' and 'А' both read as 'a'. Where the two cases of a letter
// imitate different Latin letters (Greek η/Η: n/H), the lower case wins, as evaders type it.
//
// Only letters that are drawn the same in common fonts are listed. The list is a chosen subset of
// the idea behind Unicode TR39's confusables, not a copy of its data.
var lookalikeList = map[rune]byte{
	// Cyrillic.
	'а': 'a', 'в': 'b', 'е': 'e', 'к': 'k', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'с': 'c',
	'т': 't', 'у': 'y', 'х': 'x', 'ѕ': 's', 'і': 'i', 'ј': 'j', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l',
	'ԛ': 'q', 'ԝ': 'w', 'ү': 'y',
	// Greek.
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'n', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'ο': 'o',
	'ρ': 'p', 'τ': 't', 'υ': 'u', 'χ': 'x', 'ω': 'w', 'ϲ': 'c',
	// Latin extensions, IPA and small capitals.
	'ı': 'i', 'ɑ': 'a', 'ɡ': 'g', 'ɩ': 'i', 'ꞵ': 'b',
	'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c', 'ᴅ': 'd', 'ᴇ': 'e', 'ꜰ': 'f', 'ɢ': 'g', 'ʜ': 'h', 'ɪ': 'i',
	'ᴊ': 'j', 'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm', 'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p', 'ʀ': 'r', 'ꜱ': 's',
	'ᴛ': 't', 'ᴜ': 'u', 'ᴠ': 'v', 'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z',
}

// lookalikeRanges are symbol blocks drawn as Latin letters that NFKD leaves alone: the negative
// circled (🅐) and negative squared (🅰) capitals.
var lookalikeRanges = [][2]rune{{0x1F150, 0x1F169}, {0x1F170, 0x1F189}}

// lookalikes maps every member of each listed rune's folding orbit to the canonical (upper case)
// Latin letter.
var lookalikes = sync.OnceValue(func() map[rune]rune {
	m := make(map[rune]rune, 3*len(lookalikeList))
	for r, l := range lookalikeList {
		latin := unicode.ToUpper(rune(l))
		m[r] = latin
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if _, listed := lookalikeList[f]; !listed {
				m[f] = latin
			}
		}
	}
	for _, rg := range lookalikeRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			m[r] = 'A' + (r - rg[0])
		}
	}
	return m
})

// lookalike returns the Latin letter r imitates.
func lookalike(r rune) (rune, bool) {
	l, ok := lookalikes()[r]
	return l, ok
}
