#!/usr/bin/env perl
# SPDX-License-Identifier: GPL-2.0
#
# recordmcount.pl - give an object the __mcount_loc section the compiler
# did not write: the address of every "call __fentry__" (or mcount) in it.
#
# kbuild runs it on each object compiled with the function-tracing flags
# (CONFIG_FTRACE_MCOUNT_USE_RECORDMCOUNT):
#
#   recordmcount.pl ARCH ENDIAN BITS OBJDUMP OBJCOPY CC LD NM RM MV \
#                   IS_MODULE OBJECT
#
# How it works:
#   1. objdump -dr lists the object's code with its relocations; a call
#      site is a call instruction whose target relocation names the
#      profiling function.  Each site is checked to be the call opcode.
#   2. For every section with sites, a function symbol of that section
#      is chosen as the reference: a global one, else a local one made
#      global for the link (objcopy --globalize-symbol), else an anchor
#      symbol added at the section's start.
#   3. An assembly file lists "symbol + offset" for each site in a
#      __mcount_loc section; it is assembled and linked into the object
#      (ld -r), and the symbols made global are made local again.
#
# Only the ELF relocations are used, never symbol names of functions,
# so static functions, weak functions and code in any section are found.

use strict;
use warnings;

my ($arch, $endian, $bits, $objdump, $objcopy, $cc, $ld, $nm, $rm, $mv,
    $is_module, $obj) = @ARGV;

die "usage: recordmcount.pl ARCH ENDIAN BITS OBJDUMP OBJCOPY CC LD NM RM" .
    " MV IS_MODULE OBJECT\n" unless defined $obj;

# Per architecture: the profiling call, its opcode bytes, and how far
# before the relocated field the instruction starts.
my %archs = (
	x86_64 => { func => '__fentry__', opcode => 'e8', back => 1,
		    reloc => qr/R_X86_64_(?:PLT32|PC32)/, word => '.quad' },
	i386   => { func => '__fentry__', opcode => 'e8', back => 1,
		    reloc => qr/R_386_(?:PLT32|PC32)/, word => '.long' },
);
$arch = ($bits == 64 ? 'x86_64' : 'i386') if $arch eq 'x86';
my $cfg = $archs{$arch} or die "recordmcount.pl: unsupported arch '$arch'\n";
my $func = $cfg->{func};

# Nothing to do unless the object calls the profiling function.
my $undef = `$nm -u "$obj" 2>/dev/null`;
exit 0 unless $undef =~ /\b\Q$func\E\b/;

my (%sites, $sec, $last_off, $last_bytes);
open(my $dis, '-|', "$objdump -dr \"$obj\"") or die "objdump: $!\n";
while (my $line = <$dis>) {
	if ($line =~ /^Disassembly of section (\S+):/) {
		$sec = $1;
		undef $last_off;
		next;
	}
	next unless defined $sec;
	if ($line =~ /^\s*([0-9a-f]+):\s+((?:[0-9a-f]{2} )+)/) {
		($last_off, $last_bytes) = (hex($1), $2);
		next;
	}
	next unless $line =~ /^\s*([0-9a-f]+): ($cfg->{reloc})\s+\Q$func\E\b/;
	my $site = hex($1) - $cfg->{back};
	die sprintf("recordmcount.pl: %s: %s+0x%x: %s relocation not in a call\n",
		    $obj, $sec, $site, $func)
		unless defined $last_off && $last_off == $site &&
		       $last_bytes =~ /^$cfg->{opcode} /;
	push @{$sites{$sec}}, $site;
}
close($dis) or die "recordmcount.pl: objdump failed on $obj\n";
exit 0 unless %sites;

# Each section's entries refer to a symbol defined in it: a global one
# if it has one (never a weak one, which another object may replace), or
# a local one made global until the link is done.  A section without a
# usable symbol gets an anchor symbol of ours at its start.
my (%syms, %count);
open(my $tab, '-|', "$objdump -t \"$obj\"") or die "objdump: $!\n";
while (my $line = <$tab>) {
	next unless $line =~ /^([0-9a-f]+) (.{7}) (\S+)\s+[0-9a-f]+\s+(\S+)$/;
	my ($val, $flags, $s, $name) = (hex($1), $2, $3, $4);
	$count{$name}++;
	next unless $sites{$s} && substr($flags, 6, 1) eq 'F';
	my $bind = substr($flags, 0, 1);
	next if substr($flags, 1, 1) eq 'w';
	push @{$syms{$s}}, [$name, $val, $bind eq 'g' ? 0 : 1];
}
close($tab) or die "recordmcount.pl: objdump -t failed on $obj\n";

(my $tag = $obj) =~ s/[^A-Za-z0-9_]/_/g;
my (@localize, @objcopy_args, $asm);
my $n = 0;
$asm = "\t.section .note.GNU-stack, \"\", \@progbits\n" .
       "\t.section __mcount_loc, \"a\"\n\t.balign " . ($bits / 8) . "\n";
for my $s (sort keys %sites) {
	my ($ref, $base);
	for my $c (sort { $a->[2] <=> $b->[2] || $a->[1] <=> $b->[1] }
		   @{$syms{$s} || []}) {
		next if $count{$c->[0]} > 1;
		($ref, $base) = ($c->[0], $c->[1]);
		if ($c->[2]) {
			push @objcopy_args, "--globalize-symbol=$ref";
			push @localize, $ref;
		}
		last;
	}
	if (!defined $ref) {
		($ref, $base) = ("__mcount_anchor_${n}_$tag", 0);
		$n++;
		push @objcopy_args, "--add-symbol", "$ref=$s:0,global";
		push @localize, $ref;
	}
	$asm .= "\t$cfg->{word} $ref + " . ($_ - $base) . "\n"
		for sort { $a <=> $b } @{$sites{$s}};
}

my $tmp = "$obj.mcount";
sub run {
	my @cmd = @_;
	system(@cmd) == 0 or do {
		unlink glob("$tmp*");
		die "recordmcount.pl: failed: @cmd\n";
	};
}

open(my $out, '>', "$tmp.s") or die "$tmp.s: $!\n";
print $out $asm;
close($out);

run($objcopy, @objcopy_args, $obj, "$tmp.anchored.o");
run("$cc -c -o $tmp.loc.o $tmp.s");
run("$ld -r -o $tmp.linked.o $tmp.anchored.o $tmp.loc.o");
run($objcopy, (map { "--localize-symbol=$_" } @localize), "$tmp.linked.o", $obj);
unlink("$tmp.s", "$tmp.anchored.o", "$tmp.loc.o", "$tmp.linked.o");
exit 0;
