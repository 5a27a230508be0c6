# The README's commands: `make run`, `make test`; `make bench`; `sudo make install-pi` on a Pi;
# `make vm-test` boots the kiosk in a virtual machine (as root, with qemu and mmdebstrap);
# `make vm-test ARCH=arm64` on the Pi's own architecture (qemu-user-static builds its image).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
ARGS ?=
ARCH ?= x86
# One pytest-xdist worker per core this process may use (UI tests run on a virtual clock: they
# compute, they do not wait).
PYTEST_ARGS ?= -q -n $(shell nproc 2>/dev/null || echo 2)

.PHONY: run test bench install-pi wheels vm-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(VENV)/.installed

# Without espeak-ng the calls are silent (About says so too): one line says how to hear them.
run: $(VENV)/.installed
	@command -v espeak-ng >/dev/null 2>&1 || [ -n "$$COMPANION_SPEAK" ] || \
		echo "Spoken calls are off: sudo apt-get install espeak-ng turns them on."
	$(BIN)/companion $(ARGS)

test: $(VENV)/.installed-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy COMPANION_HW=mock $(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.installed-test
	@for script in bench/bench_*.py; do \
		SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python $$script || exit 1; \
	done

install-pi:
	bash systemd/install-pi.sh

# The wheels install-pi.sh needs, for a Pi without network (64-bit Pi OS; see docs/hardware.md).
wheels:
	$(PYTHON) systemd/wheels.py build/wheels-aarch64 aarch64

vm-test: $(VENV)/.installed-test
	$(BIN)/python tests/vm/run.py --arch $(ARCH) $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info
