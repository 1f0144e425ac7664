fun main() {
    val d = System.`in`.bufferedReader().readText().trim().split(Regex("\\s+"))
    when (d[0]) {
        "add" -> println(d[1].toLong() + d[2].toLong())
        "loop" -> { var x = 0L; while (x >= 0) x = (x + 1) and 0xffffffL }
        "mem" -> {
            val keep = ArrayList<ByteArray>()
            for (i in 0 until d[1].toInt()) { val b = ByteArray(1 shl 20); b.fill((i or 1).toByte()); keep.add(b) }
            println(keep.size)
        }
        "exit" -> System.exit(3)
        else -> System.exit(2)
    }
}
