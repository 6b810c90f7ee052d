package videos

// ParseProgress exposes parseProgress to the tests.
var ParseProgress = parseProgress
