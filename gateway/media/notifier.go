package media

// Notifiers fans one event out to several Notifiers in order (the room actors and the streamer centre).
type Notifiers []Notifier

var _ Notifier = Notifiers(nil)

// LiveChanged calls every notifier.
func (ns Notifiers) LiveChanged(room string, live bool) {
	for _, n := range ns {
		n.LiveChanged(room, live)
	}
}

// StallChanged calls every notifier.
func (ns Notifiers) StallChanged(room string, stalled bool) {
	for _, n := range ns {
		n.StallChanged(room, stalled)
	}
}

// ViewersChanged calls every notifier that is also a ViewerObserver.
func (ns Notifiers) ViewersChanged(room string, viewers int) {
	for _, n := range ns {
		if o, ok := n.(ViewerObserver); ok {
			o.ViewersChanged(room, viewers)
		}
	}
}

// NotifierFuncs adapts two functions to Notifier; a nil function is skipped.
type NotifierFuncs struct {
	Live  func(room string, live bool)
	Stall func(room string, stalled bool)
}

// LiveChanged calls Live.
func (f NotifierFuncs) LiveChanged(room string, live bool) {
	if f.Live != nil {
		f.Live(room, live)
	}
}

// StallChanged calls Stall.
func (f NotifierFuncs) StallChanged(room string, stalled bool) {
	if f.Stall != nil {
		f.Stall(room, stalled)
	}
}
