package main

import (
	"bufio"
	"fmt"
	"os"
)

var sink int

func main() {
	r := bufio.NewReader(os.Stdin)
	var cmd string
	fmt.Fscan(r, &cmd)
	switch cmd {
	case "add":
		var a, b int64
		fmt.Fscan(r, &a, &b)
		fmt.Println(a + b)
	case "loop":
		for {
			sink++
		}
	case "mem":
		var mb int
		fmt.Fscan(r, &mb)
		keep := make([][]byte, 0)
		for i := 0; i < mb; i++ {
			b := make([]byte, 1<<20)
			for j := range b {
				b[j] = byte(i | 1)
			}
			keep = append(keep, b)
		}
		fmt.Println(len(keep))
	case "exit":
		os.Exit(3)
	}
}
