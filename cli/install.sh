#!/bin/sh
# Installs the `bearings` command: the built jar in PREFIX/lib/bearings and the project's launcher in PREFIX/bin
# (PREFIX defaults to ~/.local, whose bin folder is on most users' PATH).
# Usage, from the project root: ./mvnw -q package -DskipTests && sh cli/install.sh [PREFIX]
set -eu
prefix="${1:-$HOME/.local}"
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/target/bearings.jar"
# ./mvnw install (or verify) also makes a jar per platform with only its native libraries (dist/target): this machine's, if made.
case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    Linux-aarch64 | Linux-arm64) platform=linux-aarch64 ;;
    Darwin-arm64 | Darwin-aarch64) platform=osx-aarch64 ;;
    *) platform="" ;;
esac
if [ -n "$platform" ] && [ -f "$here/../dist/target/bearings-$platform.jar" ]; then
    jar="$here/../dist/target/bearings-$platform.jar"
fi
if [ ! -f "$jar" ]; then
    echo "install.sh: $jar is missing; build it first: ./mvnw -q package -DskipTests" >&2
    exit 1
fi
mkdir -p "$prefix/lib/bearings" "$prefix/bin"
cp "$jar" "$prefix/lib/bearings/bearings.jar.new"
mv "$prefix/lib/bearings/bearings.jar.new" "$prefix/lib/bearings/bearings.jar"
java_cmd="$(command -v java || echo java)"
if [ -n "${JAVA_HOME:-}" ]; then java_cmd="$JAVA_HOME/bin/java"; fi
# The project's own launcher, which finds the jar in ../lib/bearings, told which java was found now.
sed "s|^installed_java=java\$|installed_java='$java_cmd'|" "$here/../bearings" > "$prefix/bin/bearings.new"
mv "$prefix/bin/bearings.new" "$prefix/bin/bearings"
chmod +x "$prefix/bin/bearings"
echo "installed $prefix/bin/bearings"
# Completion, written once here rather than made by a JVM in every new shell; bash-completion loads
# it from this folder by itself (zsh: bashcompinit, then source it).
completions="$prefix/share/bash-completion/completions"
mkdir -p "$completions"
if "$prefix/bin/bearings" generate-completion > "$completions/bearings.new"; then
    mv "$completions/bearings.new" "$completions/bearings"
    echo "installed $completions/bearings"
else
    rm -f "$completions/bearings.new"
    echo "install.sh: could not write the completion script; bearings itself is installed" >&2
fi
# The class-data archive of a search's classes, which the launcher otherwise makes on the first search
# (and makes again when the jar or the java changes): made now with a search of the example notes, so
# that the first real search starts quicker. The index is a temporary one, deleted after: the search starts no
# server for it.
examples="$here/../examples/notes"
if [ -d "$examples" ] && scratch="$(mktemp -d 2>/dev/null)"; then
    if "$prefix/bin/bearings" index --folder "$examples" --index "$scratch/index" > /dev/null 2>&1 \
            && "$prefix/bin/bearings" search "how did I set up the VPN?" --no-server --index "$scratch/index" > /dev/null 2>&1; then
        echo "made the class-data archive that starts a search quicker"
    fi
    rm -rf "$scratch"
fi
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "add $prefix/bin to your PATH to run bearings from anywhere" ;;
esac
