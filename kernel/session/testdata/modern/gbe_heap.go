// Go by Example style: container/heap as a priority queue.
package main

import (
	"container/heap"
	"fmt"
)

type Item struct {
	value    string
	priority int
}

type PQ []*Item

func (pq PQ) Len() int           { return len(pq) }
func (pq PQ) Less(i, j int) bool { return pq[i].priority > pq[j].priority }
func (pq PQ) Swap(i, j int)      { pq[i], pq[j] = pq[j], pq[i] }
func (pq *PQ) Push(x any)        { *pq = append(*pq, x.(*Item)) }
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	it := old[n-1]
	*pq = old[:n-1]
	return it
}

func main() {
	pq := &PQ{}
	heap.Init(pq)
	for i, v := range []string{"banana", "apple", "pear"} {
		heap.Push(pq, &Item{value: v, priority: (i * 7) % 5})
	}
	heap.Push(pq, &Item{value: "orange", priority: 1})
	for pq.Len() > 0 {
		it := heap.Pop(pq).(*Item)
		fmt.Printf("%d:%s ", it.priority, it.value)
	}
	fmt.Println()
}
