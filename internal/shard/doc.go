// Package shard runs coevo's long jobs (UMDA sweeps; coevolution over many
// seeds; leagues) on one machine or split across a cluster, resumably and
// honestly.
//
// A job is a list of work items, each producing one row of a CSV results
// file (Job). Some columns of a row identify its item (a sweep's size, mu
// and seed), some record every setting the result depends on (the game, the
// budget), the others are results. Because the settings are in every row,
// a results file says what it holds, and a run resuming from one refuses a
// row computed with other settings, naming the field, instead of reusing it.
//
// The work list splits deterministically into N shards (Split: item i goes
// to shard i mod N, so every item is in exactly one shard for any N). A
// run of one shard writes its own results file (Split.Path: results.csv ->
// results.shard-3-of-8.csv); Merge joins the shard files into exactly the
// file that the run of the whole job on one machine writes, byte for byte,
// and refuses missing, incomplete, duplicated or foreign shards. SLURM job
// arrays run the shards (package internal/slurm writes the script), one
// array task per shard.
//
// A run, of the whole job or of a shard, writes through a Log: the file is
// locked (a second writer gets ErrLocked), temporary files a killed writer
// left are removed, the rows already there are checked and skipped (Todo),
// each new row is appended with one write (linear cost; a kill loses at
// most the row being written), and Close puts the rows in work order.
//
// A long job adopts the package in four steps:
//
//	job := shard.NewJob("coevo umda sweep", header, keyColumns, settingColumns)
//	for each work item, in a fixed order: job.Add(keyValues, settingValues)
//	log, err := job.Open(out, split)     // split: shard.Whole or --shard i/N
//	for _, i := range log.Todo() { compute item i; log.Add(i, row) }; log.Close()
//
// and "--merge" calls job.Merge(out, n). The command line side (the flags
// --shard, --merge, --shards and --slurm, and the messages) is shared in
// cmd/coevo/cluster.go; docs/cluster.md is the user's guide.
package shard
