// Package slurmtest runs coevo's job arrays on a real SLURM: a one-node
// cluster on this machine started by scripts/slurm-local.sh. "make
// slurm-test" (part of "make test") installs Debian's slurm-wlm and munge,
// starts the cluster, runs these tests and stops it; without that cluster
// (COEVO_SLURM_TEST unset) the tests skip.
package slurmtest
