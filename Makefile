# make install [PREFIX=/usr/local] [DESTDIR=] [CONFIGURATION=release]: builds viperlint with
# SwiftPM and installs it as $(DESTDIR)$(PREFIX)/bin/viperlint (what SwiftLint's Makefile does).
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
CONFIGURATION ?= release
SWIFT ?= swift

.PHONY: build install uninstall

build:
	$(SWIFT) build --disable-sandbox -c $(CONFIGURATION) --product viperlint

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/viperlint" "$(DESTDIR)$(BINDIR)/viperlint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/viperlint"
