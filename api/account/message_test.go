package account_test

import "courtside/api/locale"

func messageOf(lang, key string) string { return locale.Message(lang, key) }
