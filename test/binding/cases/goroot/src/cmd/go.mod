module cmd

go 1.22
