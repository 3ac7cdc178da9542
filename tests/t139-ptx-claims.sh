# What the lessons, hints, stubs and reference solutions say about the instructions a kernel compiles
# to holds in the PTX that NVIDIA's OpenCL compiler made of it (docs/measured/ptx-h200/, kept by
# scripts/device-ptx): each claim of docs/measured/ptx-claims is checked against the kept PTX, and
# every phrase about instruction widths or forms in the course's texts must be one of those claims.
. tests/lib.sh
claims=docs/measured/ptx-claims
ptx=docs/measured/ptx-h200
[ -r "$claims" ] && ok "$claims is there" || fail "$claims: cannot read"

# 1. Each claim: its words are in its file, and the PTX shows what it says.
n=0
while IFS='|' read -r file words name kernel form count; do
	trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
	file=$(trim "$file") words=$(trim "$words") name=$(trim "$name") kernel=$(trim "$kernel")
	form=$(trim "$form") count=$(trim "$count")
	case $file in ''|';'*) continue ;; esac
	n=$((n + 1))
	[ -r "$file" ] || fail "$claims: claim $n: no file $file"
	# the file's text with every run of white space one space, as the claim's words are written
	# (and a kernel's comment without its slashes)
	sed 's|^[[:space:]]*//||' "$file" | tr -s '[:space:]' ' ' | grep -qF -- "$words" &&
		ok "$file says '$words'" || fail "$claims: $file does not say '$words'"
	[ -r "$ptx/$name.ptx.gz" ] || fail "$claims: claim $n: no PTX $ptx/$name.ptx.gz"
	zcat "$ptx/$name.ptx.gz" > "$TMP/k.ptx" || fail "$ptx/$name.ptx.gz: cannot read"
	grep -q "\.entry $kernel(" "$TMP/k.ptx" || fail "$claims: claim $n: no kernel $kernel in $name"
	got=$(scripts/ptx-figures "$TMP/k.ptx" "$kernel" | awk -F'\t' -v f="$form" '$3 == f { print $4 }')
	got=${got:-0}
	case $count in
	'>0') [ "$got" -gt 0 ] ;;
	*) [ "$got" = "$count" ] ;;
	esac && ok "$name, kernel $kernel: $form x$got ($count), as '$words' says" ||
		fail "$file says '$words', but $name's kernel $kernel has $form x$got, not $count"
done < "$claims"
[ "$n" -gt 0 ] && ok "$n claims checked" || fail "$claims holds no claim"

# 2. No claim about instructions outside that list: in each text, every phrase of these patterns
# must lie inside the words of a claim of that file.
perl -e '
	use utf8;
	my ($claims, @files) = @ARGV;
	my %words;
	open(my $c, "<", $claims) or die "$claims: $!\n";
	while (<$c>) {
		next if /^\s*(;|$)/;
		my ($file, $w) = map { s/^\s+|\s+$//gr } (split /\|/)[0, 1];
		push @{ $words{$file} }, $w;
	}
	my @patterns = (
		qr/\b\d+-byte (?:load|store|read|write|instruction|access)/i,
		qr/\b\d+-bit atomic/i,
		qr/\b(?:one|single) (?:load|store|read) instruction/i,
		qr/\bin one instruction/i,
		qr/\b(?:quarter|half|fewer) (?:of the )?load instructions/i,
		qr/\b(?:ld|st|atom|red)\.(?:global|shared|local)\b/,
		qr/\b(?:carga|cargas|leitura|leituras|gravação|gravações|instrução|instruções) de \d+ bytes/i,
		qr/\batômicos? (?:únicos? )?de \d+ bits/i,
		qr/\b(?:uma só|numa só|em uma) instrução\b/i,
		qr/\binstrução de (?:carga|gravação) para \d+ bytes/i,
		qr/\bum quarto das instruções/i,
	);
	my $bad = 0;
	for my $file (@files) {
		open(my $f, "<:encoding(UTF-8)", $file) or die "$file: $!\n";
		my $text = do { local $/; <$f> };
		$text =~ s{^\s*//}{}mg;
		$text =~ s/\s+/ /g;
		my @spans;
		for my $w (@{ $words{$file} || [] }) {
			utf8::decode(my $d = $w);
			my $at = index($text, $d);
			push @spans, [$at, $at + length $d] if $at >= 0;
		}
		for my $p (@patterns) {
			while ($text =~ /$p/g) {
				my ($s, $e) = ($-[0], $+[0]);
				next if grep { $_->[0] <= $s && $e <= $_->[1] } @spans;
				my $around = substr($text, $s > 40 ? $s - 40 : 0, $e - $s + 80);
				binmode(STDOUT, ":encoding(UTF-8)");
				print "$file: \"$around\"\n";
				$bad++;
			}
		}
	}
	exit($bad ? 1 : 0);
' "$claims" lessons/en/*.md lessons/pt-BR/*.md solutions/*.cl exercises/*.cl > "$TMP/uncovered"
[ -s "$TMP/uncovered" ] && fail "claims about instructions that no PTX backs (add them to $claims, or reword): $(head -3 "$TMP/uncovered" | tr '\n' ' ')" ||
	ok "every claim about instruction widths and forms in the lessons, hints, stubs and solutions is in $claims"
exit 0
