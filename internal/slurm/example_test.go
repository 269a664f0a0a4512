package slurm_test

import (
	"fmt"

	"github.com/coevolab/coevo/internal/slurm"
)

// The job array that runs 4 shards of a sweep, one per task.
func ExampleArray_Script() {
	a := slurm.Array{
		Name:    "coevo-umda-sweep",
		Tasks:   4,
		Command: []string{"/opt/coevo", "umda", "sweep", "/data/sweep.json", "--out", "/data/r.csv", "--shard", slurm.Shard},
		CPUs:    1,
		Time:    "30:00",
		Output:  "/data/r.slurm-%A_%a.out",
		Error:   "/data/r.slurm-%A_%a.err",
		Comment: []string{"Submit: sbatch r.sbatch"},
	}
	if err := a.Check(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(a.Script())
	// Output:
	// #!/bin/bash
	// # Submit: sbatch r.sbatch
	// #SBATCH --job-name=coevo-umda-sweep
	// #SBATCH --array=0-3
	// #SBATCH --ntasks=1
	// #SBATCH --cpus-per-task=1
	// #SBATCH --output=/data/r.slurm-%A_%a.out
	// #SBATCH --error=/data/r.slurm-%A_%a.err
	// #SBATCH --time=30:00
	// set -eu
	// exec /opt/coevo umda sweep /data/sweep.json --out /data/r.csv --shard "$SLURM_ARRAY_TASK_ID/4"
}
