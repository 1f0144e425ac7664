use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let d: Vec<&str> = s.split_whitespace().collect();
    match d[0] {
        "add" => { let a: i64 = d[1].parse().unwrap(); let b: i64 = d[2].parse().unwrap(); println!("{}", a + b); }
        "loop" => { let mut x: u64 = 0; loop { x = std::hint::black_box(x + 1); } }
        "mem" => {
            let mb: usize = d[1].parse().unwrap();
            let mut keep: Vec<Vec<u8>> = Vec::new();
            for i in 0..mb { keep.push(vec![(i % 250 + 1) as u8; 1 << 20]); }
            println!("{}", std::hint::black_box(&keep).len());
        }
        "exit" => std::process::exit(3),
        _ => std::process::exit(2),
    }
}
