package content

// DropDefault removes the shipped text of slug in lang, so a test can see the English fallback now
// that every locale ships every page.
func (s *Service) DropDefault(lang, slug string) { delete(s.texts[lang], slug) }
